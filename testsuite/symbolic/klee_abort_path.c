// klee_abort on one input value: an `abort` error with a test reaching it, the other path
// exits: paths 1, tests 2.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: abort 13
#include <klee/klee.h>

int main(void) {
  unsigned short x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 4242)
    klee_abort();
  return 0;
}
