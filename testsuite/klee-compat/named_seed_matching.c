// --named-seed-matching: each object takes the seed's object of its name (the seed has b, a,
// then z); one without a match (c) takes the first unused object of its size, with KLEE's
// warning. The seed then reaches the assertion.
// KTEST: s.ktest | b=02000000 a=01000000 z=07000000
// TREX: -seed-file=s.ktest -named-seed-matching -only-replay-seeds -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: WARNING ONCE: using seed input z[4] for: c (no name match)
// EXPECT-STDERR: KLEE: ERROR: ...: ASSERTION FAIL: ...
// EXPECT-COUNT: klee-last .assert.err 1
// EXPECT-DONE: completed paths = 0
#include "klee/klee.h"

int main(void) {
  int a, b, c;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assert(!(a == 1 && b == 2 && c == 7));
  return 0;
}
