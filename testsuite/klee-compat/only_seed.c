// --only-seed: the seeded paths (x = 1, x = 2) run, then the run stops: the two paths they
// left end early, as at a halt.
// KTEST: seeds/one.ktest | x=01
// KTEST: seeds/two.ktest | x=02
// TREX: -seed-dir=seeds -only-seed -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: seeding done (2 states remain)
// EXPECT-STDERR: KLEE: halting execution, dumping remaining states
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: partially completed paths = 2
// EXPECT-COUNT: klee-last .early 2
#include "only_replay_seeds.c"
