// An inner branch that contradicts the outer one is never taken: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void big(void) { sink = 1; }
__attribute__((noinline)) static void never(void) { sink = 99; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 5) {
    big(); // keeps the outer branch at -O2, where the inner one is folded away
    if (x < 3) // infeasible under x > 5
      never();
  }
  klee_assert(sink != 99);
  return 0;
}
