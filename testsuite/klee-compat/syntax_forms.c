// Every spelling of KLEE's options, in any order, a value separate or after `=`: the same run
// (three paths: x < 0, x == 0, x > 0), its results in the directory given.
// TREX: -output-dir=out -max-time=60 -search=dfs prog.bc
// TREX: --output-dir=out --max-time=60 --search=dfs prog.bc
// TREX: -output-dir out -max-time 60 -search dfs prog.bc
// TREX: --output-dir out --max-time 60 --search dfs prog.bc
// TREX: -search dfs --max-time=60 -output-dir out prog.bc
// TREX: -max-time 60 --search=dfs --output-dir out prog.bc
// TREX: run -output-dir out -max-time=60 -search dfs prog.bc
// EXPECT-DONE: completed paths = 3
// EXPECT-COUNT: out .ktest 3
// EXPECT-FILE: out/info
// EXPECT-NO-FILE: klee-last
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x < 0)
    return 1;
  if (x == 0)
    return 2;
  return 3;
}
