/*===-- trex.h - symbolic-input API of trex --------------------------------===//
 *
 * Declarations a program uses to get symbolic inputs. They are the same as
 * KLEE's <klee/klee.h> (same names, same signatures), so a program written for
 * KLEE compiles unchanged with `-I runtime/include`, plus the SV-COMP
 * `__VERIFIER_*` functions.
 *
 * Under `trex run` these functions are implemented by the executor. Compiled
 * natively and linked with libtrexreplay.a (scripts/build-replay.sh), they read
 * their values from the .ktest file named by the environment variable
 * KTEST_FILE (see runtime/replay/README.md).
 *===------------------------------------------------------------------------===*/

#ifndef TREX_H
#define TREX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*--- KLEE's API (same declarations as KLEE's include/klee/klee.h) ---------*/

/* Add an accessible memory object at a user-chosen address. */
void klee_define_fixed_object(void *addr, size_t nbytes);

/* Make the `nbytes` bytes at `addr` symbolic (the whole object). `name`
 * identifies the object in messages and .ktest files; NULL means "unnamed". */
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);

/* Probabilistic variant (KLEE extension); replay treats it like
 * klee_make_symbolic. */
void klee_make_pse_symbolic(void *addr, size_t nbytes, const char *name,
                            float *distribution, float *probabilities);

/* A symbolic int in the signed interval [begin, end). */
int klee_range(int begin, int end, const char *name);

/* An unconstrained symbolic int. */
int klee_int(const char *name);

/* End the current path without generating a test. */
__attribute__((noreturn)) void klee_silent_exit(int status);

/* Abort the current path. */
__attribute__((noreturn)) void klee_abort(void);

/* Report a user-defined error and end the current path; `suffix` names the
 * .err file (testNNNNNN.<suffix>.err). */
__attribute__((noreturn)) void klee_report_error(const char *file, int line,
                                                 const char *message,
                                                 const char *suffix);

/* Size of the object `ptr` points into. */
size_t klee_get_obj_size(void *ptr);

/* Print the expression(s) given. */
void klee_print_expr(const char *msg, ...);

/* Makes n be symbolic and returns it: the caller must compare n times. */
uintptr_t klee_choose(uintptr_t n);

/* KLEE's assert: works without <assert.h> and whatever NDEBUG says.
 * __assert_fail is the C library's; declared here with the C library's own
 * prototype (glibc: unsigned int line, musl: int line) so that including
 * <assert.h> as well is fine. */
#if defined(__GLIBC__)
extern void __assert_fail(const char *__assertion, const char *__file,
                          unsigned int __line, const char *__function)
#if defined(__THROW)
    __THROW
#endif
    __attribute__((__noreturn__));
#else
__attribute__((__noreturn__)) void __assert_fail(const char *, const char *,
                                                 int, const char *);
#endif

#define klee_assert(expr)                                                      \
  ((expr) ? (void)(0)                                                          \
          : __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))

/* 1 if `n` is symbolic on the current path (always 0 when replaying). */
unsigned klee_is_symbolic(uintptr_t n);

/* 1 when replaying a test natively (libtrexreplay / libkleeRuntest), 0 when
 * executing symbolically. */
unsigned klee_is_replay(void);

/* Add `condition` (nonzero) to the path condition. */
void klee_assume(uintptr_t condition);
void klee_warning(const char *message);
void klee_warning_once(const char *message);
void klee_prefer_cex(void *object, uintptr_t condition);
void klee_posix_prefer_cex(void *object, uintptr_t condition);
void klee_mark_global(void *object);

/* Dump the current path condition as KQuery. */
void klee_dump_kquery_var(void);

/* A possible concrete value of the expression (forces concretization). */
#define TREX_GET_VALUE_PROTO(suffix, type) type klee_get_value##suffix(type expr)
TREX_GET_VALUE_PROTO(f, float);
TREX_GET_VALUE_PROTO(d, double);
TREX_GET_VALUE_PROTO(l, long);
TREX_GET_VALUE_PROTO(ll, long long);
TREX_GET_VALUE_PROTO(_i32, int32_t);
TREX_GET_VALUE_PROTO(_i64, int64_t);
#undef TREX_GET_VALUE_PROTO

/* Error unless [address, address+size) is accessible. */
void klee_check_memory_access(const void *address, size_t size);

/* Enable/disable forking. */
void klee_set_forking(unsigned enable);

/* Print the stack trace. */
void klee_stack_trace(void);

/* Print the range of values of `arg`, tagged with `name`. */
void klee_print_range(const char *name, int arg);

/* State merging. */
void klee_open_merge(void);
void klee_close_merge(void);

/* errno of the current path. */
int klee_get_errno(void);

/*--- SV-COMP ---------------------------------------------------------------*/
/* Each call returns a fresh unconstrained value. trex names the object of one
 * call after the function (e.g. "__VERIFIER_nondet_int"), one object per call,
 * sized like the return type of the target (ILP32 on i386). */

#ifdef __cplusplus
bool __VERIFIER_nondet_bool(void);
#else
_Bool __VERIFIER_nondet_bool(void);
#endif
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned int __VERIFIER_nondet_unsigned(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);
void *__VERIFIER_nondet_pointer(void);
char *__VERIFIER_nondet_pchar(void);
size_t __VERIFIER_nondet_size_t(void);
unsigned int __VERIFIER_nondet_u32(void);
unsigned short __VERIFIER_nondet_u16(void);
unsigned char __VERIFIER_nondet_u8(void);
/* loff_t: glibc's own typedef chain (long on x86-64, long long on i386), so a
 * program that declares it with loff_t from <sys/types.h> stays compatible. */
#if defined(__GLIBC__)
__loff_t __VERIFIER_nondet_loff_t(void);
#else
long long __VERIFIER_nondet_loff_t(void);
#endif
#ifdef __SIZEOF_INT128__
__int128 __VERIFIER_nondet_int128(void);
unsigned __int128 __VERIFIER_nondet_uint128(void);
#endif

/* Paths where `cond` is 0 are cut (not an error). */
void __VERIFIER_assume(int cond);

/* The error event of SV-COMP's unreach-call property. Neither is declared
 * noreturn: SV-COMP tasks often define reach_error() themselves with an empty
 * body (and call abort() after it). */
void __VERIFIER_error(void);
void reach_error(void);

/* Calls reach_error() then abort() when `cond` is 0 (most tasks define their
 * own). */
void __VERIFIER_assert(int cond);

#ifdef __cplusplus
}
#endif

#endif /* TREX_H */
