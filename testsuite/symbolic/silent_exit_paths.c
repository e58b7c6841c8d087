// klee_silent_exit ends a path without a test: of the 3 paths (x < 0, x == 0, x > 0) the
// negative one is silent: paths 3, tests 2.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void zero(void) { sink = 1; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x < 0)
    klee_silent_exit(0);
  if (x == 0)
    zero();
  return 0;
}
