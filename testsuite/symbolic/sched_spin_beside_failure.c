// One side of a symbolic branch spins without forking; the other fails an assertion. The
// searcher chooses again after each quantum of instructions (KLEE's batching), so the spinning
// path cannot starve the failing one (before quanta it ran until --max-time and the failure was
// never reported). Paths: x <= 0 and x != -5 exits (1 completed), x == -5 fails the assertion,
// x > 0 spins until --max-time ends it (an .early test): 3 tests. Default search.
// OPTIONS: --max-time=2s
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 21
// NO-REPLAY (the test of the path stopped by --max-time spins forever natively)
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 0) {
    volatile unsigned long k = 0;
    for (;;)
      k++;
  }
  klee_assert(x != -5);
  return 0;
}
