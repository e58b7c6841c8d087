// An --entry-point the program does not define: KLEE's message `Entry function 'NAME' not
// found in module.`, one line, exit status 1, nothing written.
// TREX: --entry-point=nosuch prog.bc
// TREX: -libc=none --entry-point nosuch prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: Entry function 'nosuch' not found in module.
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
