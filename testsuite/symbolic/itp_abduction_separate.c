// Abduction (paper 003 §5, --interpolation=abduction): the interpolant at the branch on x
// keeps the context in the guard's frame (x in [0, 1], from the path condition, rewritten
// over x's location) and the children's conditions outside it (y < z + 33, y > z - 2), not
// the context y == 0, z == 1 that the unsat core alone would keep (SEPARATE decides). The
// paths through the other side of the branch on t reach the branch on u with y == 1, z == 2:
// a different state (plain state matching would not prune it) that the conjunction holds
// for: both are subsumed at each side of the branch on u. Soundness twin:
// itp_abduction_separate_err.c.
// LIBC: none
// ONLY: O0 (the counts are those of the unoptimized branches)
// OPTIONS: --search=dfs --interpolation=abduction
// EXPECT-PATHS: 8
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 4
// EXPECT-ABDUCTION: abduced=4 cores=0 implications=0
#include <klee/klee.h>
int main(void) {
  int x, t, u;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume(x > -1);
  klee_assume(x < 2);
  int y, z, c;
  if (t > 0) { y = 0; z = 1; } else { y = 1; z = 2; }
  if (u > 0) c = 1; else c = 2;
  if (x > 0) {
    klee_assert(x < 6 && y < z + 33);
  } else {
    klee_assert(x > -3 && y > z - 2);
  }
  return c;
}
