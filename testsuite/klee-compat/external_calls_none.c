// --external-calls=none: each call refused before anything, KLEE's warning `Disallowed
// call to external function: NAME` and user error `external calls disallowed` (.user.err);
// printf would still run (KLEE lets printf, fprintf, puts and getpid through).
// PROGRAM: external_calls_symbolic_arg.c
// TREX: -libc=none -external-calls=none prog.bc
// EXPECT-STDERR-COUNT: 2 | KLEE: WARNING: Disallowed call to external function: abs
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_symbolic_arg.c:17: external calls disallowed
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_symbolic_arg.c:18: external calls disallowed
// EXPECT-COUNT: klee-last .user.err 2
