// KLEE's --max-depth=0 means no limit (not "no fork"): all 2^3 paths of three independent
// branches are explored.
// TREX: -max-depth=0 -no-interpolation prog.bc
// TREX: -max-depth 0 -no-interpolation -search=dfs prog.bc
// EXPECT-DONE: completed paths = 8
// EXPECT-NO-STDERR: --max-forks / --max-depth reached
#include "klee/klee.h"

__attribute__((noinline)) int one(int v) { return v + 1; }

int main(void) {
  char b[3];
  klee_make_symbolic(b, sizeof b, "b");
  int r = 0;
  for (int i = 0; i < 3; i++)
    if (b[i])
      r = one(r);
  return r;
}
