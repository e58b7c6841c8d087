// --allow-seed-extension (the bytes past a shorter seed object are free), --zero-seed-extension
// (zero) and --allow-seed-truncation (a longer one gives its first bytes): the seeds of
// seed_size_mismatch are taken and reach the assertion.
// KTEST: short.ktest | b=61626364
// KTEST: long.ktest | b=6162636465666768696a6b6c
// TREX: -seed-file=short.ktest -allow-seed-extension -only-replay-seeds -no-interpolation prog.bc
// TREX: -seed-file=short.ktest -zero-seed-extension -only-replay-seeds -no-interpolation prog.bc
// TREX: -seed-file=long.ktest -allow-seed-truncation -only-replay-seeds -no-interpolation prog.bc
// EXPECT-NO-STDERR: size mismatch
// EXPECT-STDERR: KLEE: ERROR: ...: ASSERTION FAIL: ...
// EXPECT-COUNT: klee-last .assert.err 1
#include "seed_size_mismatch.c"
