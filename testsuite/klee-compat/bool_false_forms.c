// A boolean option given as =false, =False, =0: off (KLEE's --emit-all-errors=0 used to be
// refused). Here --write-no-tests off, --emit-all-errors off: the three paths that divide by
// zero at the same place give one error test, the path that does not a test of its own.
// TREX: -write-no-tests=false -emit-all-errors=0 -no-interpolation prog.bc
// TREX: --write-no-tests=False --emit-all-errors=false -no-interpolation prog.bc
// TREX: -write-no-tests=0 -emit-all-errors=FALSE -no-interpolation prog.bc
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: klee-last .div.err 1
#include "klee/klee.h"

int main(void) {
  int a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  int d = 1;
  if (a > 0)
    d = 0;
  if (b > 0)
    d = 0;
  return 100 / d;
}
