// `trex replay` makes a test's external calls again (the test's path goes through them): the
// host's abs and printf run natively on the test's value, as in the run that wrote the test.
// KTEST: t.ktest | x=f9ffffff
// TREX: replay -libc=none prog.bc t.ktest
// EXPECT-STDOUT: abs(-7) = 7
// EXPECT-STDERR: TREX: exit status 0
// EXPECT-NO-STDERR: failed external call
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
