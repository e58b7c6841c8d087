// C source piped on stdin instead of bitcode: one line naming stdin, exit status 1, nothing
// written.
// STDIN: source
// TREX: -
// TREX: -max-time 60
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: <stdin>: not a valid LLVM bitcode or IR file: ...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
