// BACKPROP's rule (4b) (paper 003, Fig. 6): the branch on x < 20 has one feasible side (the
// context implies it), so the interpolant at the branch on u is the conjunction
// x < 20 && y < 5, in both modes. The paths through the other side of the branch on t reach
// it with y == 1, which it holds for: pruned at both sides of the branch on u. Soundness
// twin: itp_abduction_guard_err.c.
// LIBC: none
// ONLY: O0 (the counts are those of the unoptimized branches)
// OPTIONS: --search=dfs --interpolation=abduction
// EXPECT-PATHS: 4
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 2
// EXPECT-ABDUCTION: abduced=0 cores=0 implications=0
#include <klee/klee.h>
int main(void) {
  int x, t;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_assume(x >= 0 & x < 10);
  int y, u, c;
  klee_make_symbolic(&u, sizeof u, "u");
  if (t > 0) y = 0; else y = 1;
  if (u > 0) c = 1; else c = 2;
  if (x < 20) {
    klee_assert(y < 5);
  } else {
    klee_assert(0);
  }
  return c;
}
