// An option KLEE has and trex does not implement, which would change the results: refused with
// the reason, exit status 1, one line, no output directory.
// TREX: -link-llvm-lib=lib.bca prog.bc
// TREX: --link-llvm-lib lib.bca -max-time=60 prog.bc
// TREX: -max-time=60 -link-llvm-lib lib.bca prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --link-llvm-lib: linking further bitcode libraries is not implemented (link them into the program with llvm-link)
// EXPECT-NO-FILE: klee-out-0
// EXPECT-NO-FILE: klee-last

int main(void) { return 0; }
