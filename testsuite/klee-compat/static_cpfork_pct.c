// KLEE's --max-static-cpfork-pct: the share is per call path. All branches are in main (one
// call path): after its first fork main has made 1 of 1 forks, over 0.5, so each of the two
// paths follows one side at the other 11 branches: 2 paths, 22 refused forks. Without the
// option (or at its default, 1) all 2^12 paths are explored; with the default delay (1000
// forks) the share is checked only from the 1001st fork on.
// TREX: -max-static-cpfork-pct=0.5 -max-static-pct-check-delay=0 -no-interpolation prog.bc
// TREX: -max-static-pct-check-delay=0 -max-static-cpfork-pct 0.5 -search=dfs -no-interpolation prog.bc
// EXPECT-DONE: completed paths = 2
// EXPECT-STDERR: KLEE: WARNING: --max-forks / --max-depth / --max-static-*-pct reached: 22 symbolic branches followed one side
#include "klee/klee.h"

int main(void) {
  unsigned char a[12];
  klee_make_symbolic(a, sizeof a, "a");
  int n = 0;
  for (int i = 0; i < 10; i++)
    if (a[i] > 100)
      n++;
  if (a[10] > 7)
    n++;
  if (a[11] > 7)
    n++;
  return n;
}
