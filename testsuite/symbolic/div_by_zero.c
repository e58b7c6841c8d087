// A division by a symbolic divisor: one divide-by-zero error path and one normal path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: div 12
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  volatile int r;
  r = 1000 / x;
  return 0;
}
