// --write-cov: a .cov file beside each test, the `file:line` of every source line its path
// executed, the lines before the fork included (KLEE's per-state covered lines). Both paths
// run lines 5-7 and 11 (numbered from the `#line`); one of them line 8, the other line 10.
// (`#line` gives the source a fixed name, so the expected lines do not depend on the
// directory the test runs in.)
// TREX: -write-cov prog.bc
// TREX: --write-cov=true -search=dfs prog.bc
// EXPECT-COUNT: klee-last .cov 2
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-IN-FILE: klee-last/test000001.cov | /write_cov.c:5
// EXPECT-IN-FILE: klee-last/test000001.cov | /write_cov.c:7
// EXPECT-IN-FILE: klee-last/test000001.cov | /write_cov.c:11
// EXPECT-IN-FILE: klee-last/test000002.cov | /write_cov.c:5
// EXPECT-IN-FILE: klee-last/test000002.cov | /write_cov.c:7
// EXPECT-IN-FILE: klee-last/test000002.cov | /write_cov.c:11
#line 1 "/write_cov.c"
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int y = x + 1;
  if (x > 5)
    y = 1;
  else
    y = 2;
  return y;
}
