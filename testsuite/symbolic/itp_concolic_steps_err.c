// The twin of itp_concolic_steps whose assertion fails where all three steps are up (b[0],
// b[1], b[2] > 0: 2 paths, one report): every search must find it, whatever it prunes.
// LIBC: none
// EXPECT-PATHS: 14
// EXPECT-TESTS: 15
// EXPECT-ERRORS: assert 25
// EXPECT-CONCOLIC: dfs executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=3 whole=1
// EXPECT-CONCOLIC: cfg executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=3 whole=1
// EXPECT-CONCOLIC: random-branch executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=3 whole=1
// EXPECT-CONCOLIC: uniform-random executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=3 whole=1
// EXPECT-CONCOLIC: generational executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=3 whole=1
// EXPECT-CONCOLIC: dfs no-gc executed=6 entered=2 untaken=4 whole=1
// EXPECT-CONCOLIC: cfg no-gc executed=12 entered=5 untaken=3 whole=1
#include <klee/klee.h>
__attribute__((noinline)) int up(int s, int k) { return s + k; }
__attribute__((noinline)) int down(int s, int k) { return s - k; }
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  if (b[0] > 0) s = up(s, 1); else s = down(s, 0);
  if (b[1] > 0) s = up(s, 2); else s = down(s, 0);
  if (b[2] > 0) s = up(s, 1); else s = down(s, 1);
  if (b[3] > 0) s = up(s, 0); else s = down(s, 0);
  klee_assert(s <= 3);
  return 0;
}
