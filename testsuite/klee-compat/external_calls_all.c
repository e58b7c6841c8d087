// --external-calls=all: a symbolic argument is made concrete, the path constrained to the
// value (its test replays it): no error, both paths complete.
// PROGRAM: external_calls_symbolic_arg.c
// TREX: -libc=none -external-calls=all prog.bc
// EXPECT-NO-STDERR: KLEE: ERROR
// EXPECT-STDOUT: abs(-7) = 7
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-DONE: completed paths = 2
