// The program of seed_deep_bug without its seed: the same instruction budget ends before any
// path reaches the bug.
// TREX: -max-instructions=600 prog.bc
// TREX: -max-instructions=600 -no-interpolation prog.bc
// EXPECT-COUNT: klee-last .assert.err 0
// EXPECT-NO-STDERR: ASSERTION FAIL
// EXPECT-DONE: total instructions = 600
#include "seed_deep_bug.c"
