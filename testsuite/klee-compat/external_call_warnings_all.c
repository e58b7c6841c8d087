// --external-call-warnings=all (KLEE's option): `calling external` at every call, not once
// per function (printf: 3 calls on each of 2 paths, 2 of them before the fork).
// PROGRAM: external_calls_host_libc.c
// TREX: -libc=none -external-call-warnings=all prog.bc
// EXPECT-STDERR-COUNT: 4 | KLEE: WARNING: calling external: printf(...
// EXPECT-NO-STDERR: WARNING ONCE
