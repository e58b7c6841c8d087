// A switch whose cases 1, 2 and 3 share one target, plus a case 9 and the default: KLEE forks
// once per distinct target, so 3 paths.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void low(void) { sink = 1; }
__attribute__((noinline)) static void nine(void) { sink = 9; }
__attribute__((noinline)) static void other(void) { sink = 0; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  switch (x) {
  case 1:
  case 2:
  case 3:
    low();
    break;
  case 9:
    nine();
    break;
  default:
    other();
    break;
  }
  return 0;
}
