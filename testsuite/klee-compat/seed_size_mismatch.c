// A seed object of another size than the symbolic object ends the path with KLEE's user
// error (no --allow-seed-extension / --allow-seed-truncation), and nothing is left.
// KTEST: short.ktest | b=61626364
// KTEST: long.ktest | b=6162636465666768696a6b6c
// TREX: -seed-file=short.ktest prog.bc
// TREX: -seed-file=long.ktest prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...: replace size mismatch: b[8] vs b[...] in test
// EXPECT-STDERR: KLEE: seeding done (0 states remain)
// EXPECT-COUNT: klee-last .user.err 1
// EXPECT-DONE: completed paths = 0
#include "klee/klee.h"

int main(void) {
  char b[8];
  klee_make_symbolic(b, sizeof b, "b");
  if (b[5] == 'x')
    return 2;
  klee_assert(!(b[0] == 'a' && b[1] == 'b' && b[2] == 'c' && b[3] == 'd'));
  return 0;
}
