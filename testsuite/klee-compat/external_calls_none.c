// --external-calls=none: each call refused before anything, KLEE's warning `Disallowed
// call to external function: NAME` and user error `external calls disallowed` (.user.err);
// printf would still run (KLEE lets printf, fprintf, puts and getpid through).
// TREX: -libc=none -external-calls=none prog.bc
// EXPECT-STDERR-COUNT: 2 | KLEE: WARNING: Disallowed call to external function: abs
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_none.c:17: external calls disallowed
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_none.c:18: external calls disallowed
// EXPECT-COUNT: klee-last .user.err 2
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
