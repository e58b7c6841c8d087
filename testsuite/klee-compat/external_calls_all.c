// --external-calls=all: a symbolic argument is made concrete, the path constrained to the
// value (its test replays it): no error, both paths complete.
// TREX: -libc=none -external-calls=all prog.bc
// EXPECT-NO-STDERR: KLEE: ERROR
// EXPECT-STDOUT: abs(-7) = 7
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-DONE: completed paths = 2
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
