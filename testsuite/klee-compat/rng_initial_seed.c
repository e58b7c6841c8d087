// --rng-initial-seed is trex's --seed (the searchers' random choices): any seed, the same
// three paths.
// TREX: -rng-initial-seed=7 -search=random-path prog.bc
// TREX: -rng-initial-seed 12345 -search random-state prog.bc
// EXPECT-DONE: completed paths = 3
// EXPECT-NO-STDERR: warning
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x < 10)
    return 0;
  if (x < 20)
    return 1;
  return 2;
}
