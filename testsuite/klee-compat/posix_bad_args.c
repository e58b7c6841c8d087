// KLEE's POSIX runtime arguments with bad numbers: one line with KLEE's message, exit 1, no
// output directory (KLEE reports them as a user error of the run).
// TREX: --posix-runtime prog.bc --sym-args 3 2 10
// TREX: --posix-runtime prog.bc --sym-files 0 10
// TREX: --posix-runtime prog.bc --sym-arg x1
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: ...
// EXPECT-NO-FILE: klee-out-0
int main(void) { return 0; }
