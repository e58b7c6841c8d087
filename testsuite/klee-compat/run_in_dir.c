// --run-in-dir: the program runs in that directory; the output directory stays beside the
// program.
// CREATE: sub/keep | x
// TREX: -run-in-dir=sub prog.bc
// TREX: -run-in-dir sub -libc=none prog.bc
// EXPECT-STDERR: TREX: program exited with status 0
// EXPECT-FILE: klee-last/info
// EXPECT-NO-FILE: sub/klee-last

int main(void) { return 0; }
