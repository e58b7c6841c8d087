// Without --load, a function the host's process does not have either is `failed external
// call: NAME` (.external.err) where it is called.
// PROGRAM: external_calls_load.c
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_load.c:31: failed external call: ext_sum
// EXPECT-COUNT: klee-last .external.err 1
