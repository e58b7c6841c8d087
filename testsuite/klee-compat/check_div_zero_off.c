// --check-div-zero=false (and --check-overshift=false) would need an engine switch trex does
// not have yet: refused, not silently ignored.
// TREX: -check-div-zero=false prog.bc
// TREX: --check-div-zero=0 prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --check-div-zero=false: trex always checks divisions by zero...
// EXPECT-NO-FILE: klee-out-0

int main(int argc, char **argv) { return 100 / (argc - 1); }
