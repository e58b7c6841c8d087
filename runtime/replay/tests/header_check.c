/* Compile-only check: trex.h / klee/klee.h together with the C library's
 * headers and with the declarations SV-COMP tasks and KLEE programs write
 * themselves. Also compiled as C++. */
#include <assert.h>
#include <stdint.h>
#include <sys/types.h>

#include <klee/klee.h>
#include "trex.h"

#ifndef __cplusplus
extern int __VERIFIER_nondet_int();
extern unsigned int __VERIFIER_nondet_uint();
_Bool __VERIFIER_nondet_bool();
extern void __VERIFIER_error() __attribute__((__noreturn__));
#endif
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *)
#ifdef __cplusplus
    throw()
#else
    __attribute__((__nothrow__, __leaf__))
#endif
    __attribute__((__noreturn__));
#if defined(_DEFAULT_SOURCE) || defined(_GNU_SOURCE) || !defined(__STRICT_ANSI__)
loff_t __VERIFIER_nondet_loff_t(void);
#endif
void reach_error(void) { __assert_fail("0", "header_check.c", 1, "reach_error"); }

int check(void) {
  int x = klee_int("x");
  klee_assert(x != 3);
  assert(x != 4);
  klee_assume(x > 0);
  return x + (int)__VERIFIER_nondet_u32() + (int)sizeof(__VERIFIER_nondet_size_t());
}
