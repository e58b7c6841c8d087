// A value of the wrong form: one line naming the option, exit status 1, nothing written.
// TREX: -max-time=soon prog.bc
// TREX: -max-time soon prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: invalid value 'soon' for '--max-time...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
