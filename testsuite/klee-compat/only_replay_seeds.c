// --only-replay-seeds: exactly the seeded paths run (x = 1 and x = 2: two of the four); the
// sides no seed takes are dropped, so nothing is left when seeding is done.
// KTEST: seeds/one.ktest | x=01
// KTEST: seeds/two.ktest | x=02
// TREX: -seed-dir=seeds -only-replay-seeds -no-interpolation prog.bc
// TREX: -seed-file seeds/one.ktest -seed-file seeds/two.ktest -only-replay-seeds -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: KLEE: using 2 seeds
// EXPECT-STDERR: KLEE: seeding done (0 states remain)
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: partially completed paths = 0
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: klee-last .ktest 2
#include "klee/klee.h"

int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, sizeof x, "x");
  int y = 0;
  if (x & 1)
    y++;
  if (x & 2)
    y++;
  return y;
}
