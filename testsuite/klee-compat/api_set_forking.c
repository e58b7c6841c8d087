// klee_set_forking(0) (KLEE's API): symbolic branches of the path follow one feasible side
// instead of forking, until klee_set_forking(1); a symbolic argument that can take more than
// one value is KLEE's user error `klee_set_forking requires a constant arg`.
// TREX: -libc=none prog.bc
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 3
// EXPECT-COUNT: klee-last .user.err 1
// EXPECT-STDERR: KLEE: ERROR: ...api_set_forking.c:29: klee_set_forking requires a constant arg
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  int n = 0;
  klee_set_forking(0);
  // Without forking: one path through these three branches.
  if (x > 10)
    n++;
  if (x & 1)
    n++;
  if (x < -5)
    n++;
  klee_set_forking(1);
  // Forking again: the paths fork on y.
  int y = klee_int("y");
  if (y == 3)
    return 1;
  if (y == 4) {
    // x is symbolic and may be 11 or 13: a user error.
    klee_set_forking(x);
  }
  // Symbolic but unique on the path (x > 10): accepted.
  klee_set_forking(x > 0);
  return n;
}
