// A full binary tree of nested branches on two inputs, two levels deep: 4 paths.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static int f1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int f2(void) { sink = 2; return 2; }
__attribute__((noinline)) static int f3(void) { sink = 3; return 3; }
__attribute__((noinline)) static int f4(void) { sink = 4; return 4; }

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  int r;
  if (x < 0) {
    if (y < 0)
      r = f1();
    else
      r = f2();
  } else {
    if (y == 7)
      r = f3();
    else
      r = f4();
  }
  return r == 0;
}
