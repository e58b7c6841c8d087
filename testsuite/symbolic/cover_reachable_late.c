// trex cover: an outcome that looks unreachable but is not: `i == 5` needs five loop
// iterations, and `x * x == 144 && x < 0` one value (x = -12). Both end covered by a test,
// never proved (the loop abstraction keeps every iteration's `i`).
// LIBC: none
// ONLY: O0 (at -O2 the loop is vectorized, and trex reports a symbolic `r` put into a vector by
// insertelement as unsupported)
// EXPECT-ERRORS: none
// NO-CONCOLIC (unbounded loop)
// NO-REPLAY (unbounded loop: the native replay of the dumped states runs it)
// OPTIONS: --max-time=2
// EXPECT-COVER: --max-time=6 goals=8 covered=8 proved=0 open=0
#include <klee/klee.h>

int main(void) {
  unsigned n;
  int x;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_make_symbolic(&x, sizeof x, "x");
  int r = 0;
  if (x * x == 144 && x < 0)
    r += 2;
  for (unsigned i = 0; i < n; i++) {
    if (i == 5)
      r = 1;
  }
  return r;
}
