// --libc=klee (KLEE's minimal C library) is not there yet: refused, naming the values trex
// takes.
// TREX: -libc=klee prog.bc
// TREX: -libc klee prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --libc=klee: trex has no KLEE libc yet...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
