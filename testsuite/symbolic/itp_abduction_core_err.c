// Abduction where the paper's Fig. 7 is not sound. The first paths (t > 0) reach the branch
// on u knowing x in (-100, 100) and y in (5, 100); at the branch on x, the child x > 0 needs
// x + y > 5. The core of that context is all of it; the guard's frame is {x}; Fig. 7 returns
// the frame's context alone (x < 100), since the child's condition, connected to x, leaves
// nothing outside it (its Theorem 5.4 assumes the core's part outside the frame, y's range,
// separate from the child's part inside it, x + y > 5: y is in both). With x > 0 that does
// not imply x + y > 5. trex checks the frame and keeps the unsat core instead (y > 5 among
// it): the paths with t <= 0, where y may be 5 or less, are not pruned at the branch on u and
// the assertion fails there.
// LIBC: none
// ONLY: O0 (the counts are those of the unoptimized branches)
// OPTIONS: --search=dfs --interpolation=abduction
// EXPECT-ERRORS: assert 30
// EXPECT-ABDUCTION: cores=2
#include <klee/klee.h>
int main(void) {
  int x, y, t, u;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume(x > -100 & x < 100);
  if (t > 0)
    klee_assume(y > 5 & y < 100);
  else
    klee_assume(y < 100);
  int c;
  if (u > 0) c = 1; else c = 2;
  if (x > 0) {
    klee_assert(x + y > 5);
  }
  return c;
}
