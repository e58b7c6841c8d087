// An option KLEE has and trex does not implement, which would change the results: refused with
// the reason, exit status 1, one line, no output directory.
// TREX: -seed-file=seed.ktest prog.bc
// TREX: --seed-file seed.ktest -max-time=60 prog.bc
// TREX: -max-time=60 -seed-file seed.ktest prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --seed-file: seeding (--seed-file, --seed-dir) is not implemented in trex
// EXPECT-NO-FILE: klee-out-0
// EXPECT-NO-FILE: klee-last

int main(void) { return 0; }
