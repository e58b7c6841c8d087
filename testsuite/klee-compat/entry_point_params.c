// An --entry-point with more than three parameters, called by the executor itself (no C
// library start-up, no POSIX runtime): KLEE's runFunctionAsMain passes argc, argv and envp
// only and refuses it, `invalid main function (expect 0-3 arguments)`, exit status 1 (KLEE
// has created its output directory by then; trex checks it before writing anything).
// TREX: -libc=none --entry-point=four prog.bc
// TREX: --libc=klee --entry-point=four prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: invalid main function (expect 0-3 arguments)

int four(int argc, char **argv, char **envp, int extra) { return argc + extra; }

int main(void) { return 0; }
