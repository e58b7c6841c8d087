// --seed-time: the seeded path (x = 1) loops forever; when the seeding time is over (KLEE's
// warning), the path it left is explored as usual, and --max-time ends the loop.
// KTEST: x1.ktest | x=01000000
// TREX: -seed-file=x1.ktest -seed-time=1 -max-time=3 prog.bc
// TIMEOUT: 30
// EXPECT-STDERR: KLEE: WARNING: seed time expired, 1 seeds remain over 1 states
// EXPECT-STDERR: KLEE: seeding done (2 states remain)
// EXPECT-DONE: completed paths = 1
// EXPECT-DONE: partially completed paths = 1
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 1)
    for (;;)
      ;
  return 0;
}
