// A symbolic argument of an external call (KLEE's --external-calls=concrete, the default):
// KLEE's execution error `external call with symbolic argument: NAME` (.exec.err), unless
// the path allows one value only (x == -7: abs(-7) runs).
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_symbolic_arg.c:18: external call with symbolic argument: abs
// EXPECT-COUNT: klee-last .exec.err 1
// EXPECT-STDOUT: abs(-7) = 7
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

int abs(int);
int printf(const char *, ...);

int main(void) {
  int x = klee_int("x");
  if (x == -7)
    printf("abs(-7) = %d\n", abs(x));
  else if (abs(x) < 0)
    return 1;
  return 0;
}
