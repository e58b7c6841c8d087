// A value that is not trex's behaviour (a quarantine of freed addresses that ends: trex
// never reuses a freed address): refused, exit status 1, one line, nothing written.
// TREX: -kdalloc-quarantine=5 prog.bc
// TREX: -kdalloc-quarantine 5 prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --kdalloc-quarantine=5: trex never reuses a freed address...
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
