// Seeding, then the usual exploration: the seeded paths (x = 1, x = 2) first, then the two
// paths they left; the tests of seeded paths are ordinary tests.
// KTEST: seeds/one.ktest | x=01
// KTEST: seeds/two.ktest | x=02
// TREX: -seed-dir=seeds -no-interpolation prog.bc
// TREX: -seed-dir=seeds -no-interpolation -search=dfs prog.bc
// EXPECT-STDERR: KLEE: KLEE: using 2 seeds
// EXPECT-STDERR: KLEE: seeding done (2 states remain)
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
// EXPECT-COUNT: klee-last .ktest 4
#include "only_replay_seeds.c"
