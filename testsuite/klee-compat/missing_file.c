// A program file that does not exist: one line, exit status 1, nothing written.
// TREX: -max-time=60 nope.bc
// TREX: nope.bc arg
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: cannot open nope.bc: no such file
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
