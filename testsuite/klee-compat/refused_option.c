// An option KLEE has and trex does not implement, which would change the results: refused with
// the reason, exit status 1, one line, no output directory.
// TREX: -replay-path=run.path prog.bc
// TREX: --replay-path run.path -max-time=60 prog.bc
// TREX: -max-time=60 -replay-path run.path prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --replay-path: trex writes and replays no .path files
// EXPECT-NO-FILE: klee-out-0
// EXPECT-NO-FILE: klee-last

int main(void) { return 0; }
