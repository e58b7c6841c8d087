// No program (and nothing on stdin): one line, exit status 1, nothing written.
// TREX: -max-time=60
// TREX: run -search dfs
// TREX: -
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: no program given: stdin is empty...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
