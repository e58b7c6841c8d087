// An option neither KLEE nor trex has: one line naming it, exit status 1, nothing written.
// TREX: -no-such-option prog.bc
// TREX: -max-time=60 --no-such-option=3 prog.bc
// TREX: -no-such-option
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: unknown option ...
// EXPECT-NO-FILE: klee-out-0
// EXPECT-NO-FILE: klee-last

int main(void) { return 0; }
