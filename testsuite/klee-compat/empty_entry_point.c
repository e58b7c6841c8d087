// An empty --entry-point: KLEE's message, one line, exit status 1, nothing written.
// TREX: -entry-point= prog.bc
// TREX: --entry-point "" prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: entry-point cannot be empty
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
