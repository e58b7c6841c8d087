// A direct call of __assert_fail (as SV-COMP tasks write reach_error): an `assert` error with
// the given text.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: assert 15
extern void __assert_fail(const char *, const char *, unsigned, const char *)
    __attribute__((noreturn));
#include <klee/klee.h>

int main(void) {
  unsigned char c;
  klee_make_symbolic(&c, sizeof c, "c");
  if (c == 'q')
    __assert_fail("c is not q", "assert_fail_direct.c", 16, "main");
  return 0;
}
