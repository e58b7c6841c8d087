// A seed of another program, with fewer objects than this one makes: the first object takes
// its object (same size), the second finds none: KLEE's user error ends the path.
// KTEST: other.ktest | x=2a000000
// TREX: -seed-file=other.ktest prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...: ran out of inputs during seeding
// EXPECT-COUNT: klee-last .user.err 1
// EXPECT-DONE: completed paths = 0
#include "klee/klee.h"

int main(void) {
  int n;
  char buf[4];
  klee_make_symbolic(&n, sizeof n, "n");
  klee_make_symbolic(buf, sizeof buf, "buf");
  return n == 42 && buf[0] == 'a';
}
