// Soundness twin of itp_abduction_guard.c: on the other side of the branch on t, x is not
// below 20; the interpolant x < 20 && y < 5 (rule 4b kept the guard) does not hold there,
// the branch on x < 20 forks, and the assertion on its other side fails.
// LIBC: none
// ONLY: O0 (the counts are those of the unoptimized branches)
// OPTIONS: --search=dfs --interpolation=abduction
// EXPECT-ERRORS: assert 22
// EXPECT-ITP-PATHS: 3
#include <klee/klee.h>
int main(void) {
  int x, t;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_assume(x >= 0);
  int y, u, c;
  klee_make_symbolic(&u, sizeof u, "u");
  if (t > 0) { klee_assume(x < 10); y = 0; } else y = 1;
  if (u > 0) c = 1; else c = 2;
  if (x < 20) {
    klee_assert(y < 5);
  } else {
    klee_assert(0);
  }
  return c;
}
