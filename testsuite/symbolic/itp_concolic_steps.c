// Paper 000's Fig. 1 in shape: four inputs each decide a step of s (16 paths); the assertion
// holds on all of them (s is at most 1 + 2 + 1). Its twin `itp_concolic_steps_err` fails on 2.
// LIBC: none
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-CONCOLIC: dfs executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=1 whole=1
// EXPECT-CONCOLIC: cfg executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=1 whole=1
// EXPECT-CONCOLIC: random-branch executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=1 whole=1
// EXPECT-CONCOLIC: uniform-random executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=1 whole=1
// EXPECT-CONCOLIC: generational executed=1 entered=0 untaken=0 confirmed=4 infeasible=0 gaveup=0 gcpaths=1 whole=1
// EXPECT-CONCOLIC: dfs no-gc executed=5 entered=3 untaken=3 whole=1
// EXPECT-CONCOLIC: cfg no-gc executed=11 entered=6 untaken=4 whole=1
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
  klee_assert(s <= 4);
  return 0;
}
