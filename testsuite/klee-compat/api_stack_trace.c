// klee_stack_trace() (KLEE's API) prints the call stack on stdout, one line per frame in the
// layout of the .err files' stack (`#<frame><assembly.ll line> in f(args) at file:line`),
// with the arguments' values (`symbolic` for a symbolic one), and the path goes on.
// TREX: -libc=none prog.bc
// EXPECT-STDOUT: ...#0... in inner(7, symbolic) at ...api_stack_trace.c:13
// EXPECT-STDOUT: ...#1... in outer(7) at ...api_stack_trace.c:17
// EXPECT-STDOUT: ...#2... in main() at ...api_stack_trace.c:21
// EXPECT-STDERR: TREX: program exited with status 0
#include "klee/klee.h"

static int inner(int a, int b) {
  (void)b;
  klee_stack_trace();
  return a - 7;
}

static int outer(int a) { return inner(a, klee_int("b")); }

int main(void) {
  int k = 7;
  return outer(k);
}
