// A klee_assume the seed violates patches the seed (KLEE's warning): its bytes are kept in
// order as long as the path allows (x = 5 becomes 0x01000005), and the path follows it.
// KTEST: x5.ktest | x=05000000
// TREX: -seed-file=x5.ktest -only-replay-seeds -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: WARNING: seeds patched for violating constraint
// EXPECT-STDERR: TREX: program exited with status 2
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 100);
  if (x > 1000)
    return 2;
  return 1;
}
