// --replay-path with a file the path cannot follow: a concrete branch going the other way
// (bad.path: the loop's first test is true) or a branch past the file's last decision
// (short.path: nothing left for `x > 5`) ends the path with an error carrying KLEE's
// assertion text (KLEE stops there), and its test.
// CREATE: bad.path | 0
// CREATE: short.path | 1
// CREATE: short.path | 1
// CREATE: short.path | 0
// TREX: --replay-path=bad.path prog.bc
// TREX: --replay-path short.path prog.bc
// EXPECT-STDERR: KLEE: ERROR: /replay_path_mismatch.c:...: ... in replay path mode
// EXPECT-COUNT: klee-last .ktest 1
// EXPECT-COUNT: klee-last .exec.err 1
// EXPECT-DONE: completed paths = 0
#line 1 "/replay_path_mismatch.c"
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < 2; i++)
    n += i;
  if (x > 5)
    return n;
  return 0;
}
