// --load of a library the loader refuses: one error line, status 1, no output directory.
// PROGRAM: external_calls_load.c
// TREX: -libc=none -load=./missing.so prog.bc
// EXPECT-STATUS: 1
// EXPECT-STDERR-LINES: 1
// EXPECT-STDERR: trex: error: --load=./missing.so: ...
// EXPECT-NO-FILE: klee-out-0
