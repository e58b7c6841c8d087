// Without --named-seed-matching a seed's objects are taken in order, whatever their names:
// a = 2, b = 1, c = 7 here, which does not reach the assertion of named_seed_matching.
// KTEST: s.ktest | b=02000000 a=01000000 z=07000000
// TREX: -seed-file=s.ktest -only-replay-seeds -no-interpolation prog.bc
// EXPECT-NO-STDERR: no name match
// EXPECT-COUNT: klee-last .assert.err 0
// EXPECT-DONE: completed paths = 1
#include "named_seed_matching.c"
