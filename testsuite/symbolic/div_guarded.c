// A division whose divisor is checked first: no divide-by-zero path exists; 2 paths (the
// guard), no error.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void zero(void) { sink = -1; }

int main(void) {
  int d;
  klee_make_symbolic(&d, sizeof d, "d");
  if (d == 0) {
    zero();
    return 0;
  }
  sink = 1000 / d;
  return 0;
}
