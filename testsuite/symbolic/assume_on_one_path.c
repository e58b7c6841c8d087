// klee_assume inside one branch only constrains that path: x < 0 forks; on the x >= 0 side
// x is assumed even, so the odd check there is pruned: 3 paths.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void neg(void) { sink = 1; }
__attribute__((noinline)) static void odd(void) { sink = 2; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x < 0) {
    neg();
  } else {
    klee_assume((x & 1) == 0);
  }
  if (x & 1) // feasible only when x < 0
    odd();
  return 0;
}
