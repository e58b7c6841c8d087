// KLEE's --max-static-fork-pct: once the run has made more than --max-static-pct-check-delay
// forks, an instruction that made more than this share of them no longer forks (the path
// follows one side). dfs, share 0.2, no delay: the loop's branch forks once (i = 0: 0 of 0),
// then makes 1 of 1 forks and is refused at i = 1..9; a[10] forks (0 of 1), a[11] forks (0
// of 2); the path from a[11] ends; the one from a[10] is refused at a[11] (1 of 3); the one
// from the loop's first fork is refused 11 times: 4 paths, 9 + 1 + 11 = 21 refused forks.
// TREX: -max-static-fork-pct=0.2 -max-static-pct-check-delay=0 -search=dfs -no-interpolation prog.bc
// TREX: -search=dfs -max-static-pct-check-delay 0 -no-interpolation -max-static-fork-pct 0.2 prog.bc
// EXPECT-DONE: completed paths = 4
// EXPECT-STDERR: KLEE: WARNING: --max-forks / --max-depth / --max-static-*-pct reached: 21 symbolic branches followed one side
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
