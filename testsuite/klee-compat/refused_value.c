// A value that is not trex's behaviour (KLEE's default external-call policy runs native code,
// which trex never does): refused, exit status 1, one line, nothing written.
// TREX: -external-calls=concrete prog.bc
// TREX: -external-calls concrete prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --external-calls=concrete: trex never calls native code...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
