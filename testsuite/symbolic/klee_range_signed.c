// klee_range(-2, 3): a signed interval; three branches on it (negative, zero, positive):
// 3 paths, and every value stays inside [-2, 3).
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void neg(void) { sink = 1; }
__attribute__((noinline)) static void zero(void) { sink = 2; }
__attribute__((noinline)) static void pos(void) { sink = 3; }

int main(void) {
  int x = klee_range(-2, 3, "x");
  if (x < 0)
    neg();
  else if (x == 0)
    zero();
  else
    pos();
  klee_assert(x >= -2);
  klee_assert(x < 3);
  return 0;
}
