// `trex replay` makes a test's external calls again (the test's path goes through them): the
// host's abs and printf run natively on the test's value, as in the run that wrote the test.
// PROGRAM: external_calls_symbolic_arg.c
// KTEST: t.ktest | x=f9ffffff
// TREX: replay -libc=none prog.bc t.ktest
// EXPECT-STDOUT: abs(-7) = 7
// EXPECT-STDERR: TREX: exit status 0
// EXPECT-NO-STDERR: failed external call
