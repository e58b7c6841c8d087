// klee_int: two unconstrained ints; a branch on each, the second depending on the first:
// a < b, a == b, a > b: 3 paths.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void lt(void) { sink = 1; }
__attribute__((noinline)) static void eq(void) { sink = 2; }
__attribute__((noinline)) static void gt(void) { sink = 3; }

int main(void) {
  int a = klee_int("a");
  int b = klee_int("b");
  if (a < b)
    lt();
  else if (a == b)
    eq();
  else
    gt();
  return 0;
}
