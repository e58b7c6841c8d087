// trex cover: every path is explored (no loop), so the two outcomes no path takes (the inner
// `x < 5` under `x > 10`, and the switch's case 7 under `y < 3`) are proved unreachable by the
// testing run alone; the other 7 of the 9 branch outcomes (2 per `if`, one per distinct
// switch target) are covered by replayed tests.
// LIBC: none
// ONLY: O0 (the optimizer makes selects of some branches)
// EXPECT-PATHS: 6
// EXPECT-ERRORS: none
// EXPECT-COVER: goals=9 covered=7 proved=2 open=0
// EXPECT-COVER: --no-prove goals=9 covered=7 proved=2 open=0
#include <klee/klee.h>

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  int r = 0;
  if (x > 10) {
    r = 1;
    if (x < 5)
      r = 2;
  }
  if (y < 3) {
    switch (y) {
    case 7:
      r += 10;
      break;
    case 1:
      r += 20;
      break;
    default:
      r += 30;
    }
  }
  return r;
}
