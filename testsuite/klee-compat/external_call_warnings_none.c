// --external-call-warnings=none (KLEE's option): no `calling external` warning; the calls
// still run.
// PROGRAM: external_calls_host_libc.c
// TREX: -libc=none -external-call-warnings=none prog.bc
// EXPECT-NO-STDERR: calling external
// EXPECT-STDOUT: sqrt=1.500
