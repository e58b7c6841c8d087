// --run-in-dir naming no directory: one line, exit status 1, nothing written.
// TREX: -run-in-dir=nowhere prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --run-in-dir nowhere: no such directory
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
