// Soundness twin of itp_abduction_separate.c: on the other side of the branch on t,
// y == 40, z == 1 breaks y < z + 33, the condition abduction kept from the first paths'
// child at x > 0; those states must not be pruned there, and the assertion fails.
// LIBC: none
// ONLY: O0 (the counts are those of the unoptimized branches)
// OPTIONS: --search=dfs --interpolation=abduction
// EXPECT-PATHS: 6
// EXPECT-TESTS: 7
// EXPECT-ERRORS: assert 23
// EXPECT-ITP-PATHS: 2
#include <klee/klee.h>
int main(void) {
  int x, t, u;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&t, sizeof t, "t");
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume(x > -1);
  klee_assume(x < 2);
  int y, z, c;
  if (t > 0) { y = 0; z = 1; } else { y = 40; z = 1; }
  if (u > 0) c = 1; else c = 2;
  if (x > 0) {
    klee_assert(x < 6 && y < z + 33);
  } else {
    klee_assert(x > -3 && y > z - 2);
  }
  return c;
}
