// klee_assume(0 <= x < 10) (a bitwise &, so no branch at -O0) combined with later branches:
// x == 3 and x >= 10: the second is pruned, 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void three(void) { sink = 3; }
__attribute__((noinline)) static void big(void) { sink = 99; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume((x >= 0) & (x < 10));
  if (x == 3)
    three();
  if (x >= 10)
    big();
  klee_assert(sink != 99);
  return 0;
}
