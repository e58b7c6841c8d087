// --always-output-seeds (KLEE's default): with --only-output-states-covering-new, every path
// that followed a seed gets its test, covering new code or not (four seeds, four paths).
// KTEST: seeds/s0.ktest | x=00
// KTEST: seeds/s1.ktest | x=01
// KTEST: seeds/s2.ktest | x=02
// KTEST: seeds/s3.ktest | x=03
// TREX: -seed-dir=seeds -only-replay-seeds -only-output-states-covering-new -no-interpolation prog.bc
// TREX: -seed-dir=seeds -only-replay-seeds -only-output-states-covering-new -always-output-seeds -search=dfs -no-interpolation prog.bc
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
#include "only_replay_seeds.c"
