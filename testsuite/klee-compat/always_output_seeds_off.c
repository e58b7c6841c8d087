// --always-output-seeds=false: --only-output-states-covering-new applies to seeded paths too
// (of the four, the last covers nothing new).
// KTEST: seeds/s0.ktest | x=00
// KTEST: seeds/s1.ktest | x=01
// KTEST: seeds/s2.ktest | x=02
// KTEST: seeds/s3.ktest | x=03
// TREX: -seed-dir=seeds -only-replay-seeds -only-output-states-covering-new -always-output-seeds=false -no-interpolation prog.bc
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests < 4
#include "only_replay_seeds.c"
