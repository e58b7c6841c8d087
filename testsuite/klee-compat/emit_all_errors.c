// --emit-all-errors (and =1): every path failing at the same division is reported: three of
// the four (the last divides by one), without interpolation (which may prune repeated reports).
// TREX: -emit-all-errors -no-interpolation prog.bc
// TREX: --emit-all-errors=1 --no-interpolation=true prog.bc
// EXPECT-COUNT: klee-last .div.err 3
// EXPECT-DONE: generated tests = 4
#include "klee/klee.h"

int main(void) {
  int a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  int d = 1;
  if (a > 0)
    d = 0;
  if (b > 0)
    d = 0;
  return 100 / d;
}
