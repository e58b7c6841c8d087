// --write-cov: a .cov file beside each test, the `file:line` of each source line its path
// covered first (KLEE's per-state covered lines: instructions no path had executed before;
// a forked path inherits those its parent covered before the fork). Lines 5-7 run before
// the fork; the path that continues on the true side ends first and covers lines 8 and 11
// (its return); the other path then covers only line 10 first. (`#line` gives the source a fixed name,
// so the expected lines do not depend on the directory the test runs in.)
// TREX: -write-cov prog.bc
// TREX: --write-cov=true -search=dfs prog.bc
// EXPECT-COUNT: klee-last .cov 2
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-FILE-IS: klee-last/test000001.cov | /write_cov.c:5
// EXPECT-FILE-IS: klee-last/test000001.cov | /write_cov.c:6
// EXPECT-FILE-IS: klee-last/test000001.cov | /write_cov.c:7
// EXPECT-FILE-IS: klee-last/test000001.cov | /write_cov.c:8
// EXPECT-FILE-IS: klee-last/test000001.cov | /write_cov.c:11
// EXPECT-FILE-IS: klee-last/test000002.cov | /write_cov.c:5
// EXPECT-FILE-IS: klee-last/test000002.cov | /write_cov.c:6
// EXPECT-FILE-IS: klee-last/test000002.cov | /write_cov.c:7
// EXPECT-FILE-IS: klee-last/test000002.cov | /write_cov.c:10
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
