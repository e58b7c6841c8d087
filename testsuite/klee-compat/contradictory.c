// An option given twice (KLEE: "may only occur zero or one times"), whatever the spelling of
// each: one line, exit status 1, nothing written.
// TREX: -max-time=5 -max-time 10 prog.bc
// TREX: --max-time 5 -max-time=5 prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --max-time given more than once
// EXPECT-NO-FILE: klee-out-0

int main(void) { return 0; }
