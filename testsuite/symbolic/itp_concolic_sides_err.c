// The twin of itp_concolic_sides whose inner side is feasible (x = 11) and fails the
// assertion: 4 failing paths (one report), 8 passing. Every search must find it.
// LIBC: none
// EXPECT-PATHS: 8
// EXPECT-TESTS: 9
// EXPECT-ERRORS: assert 29
// EXPECT-CONCOLIC: dfs executed=5 entered=3 untaken=1 confirmed=4 infeasible=0 gaveup=4 gcpaths=2 whole=1
// EXPECT-CONCOLIC: cfg executed=12 entered=6 untaken=3 confirmed=1 infeasible=1 gaveup=4 gcpaths=1 whole=1
// EXPECT-CONCOLIC: random-branch executed=5 entered=3 untaken=1 confirmed=4 infeasible=0 gaveup=4 gcpaths=2 whole=1
// EXPECT-CONCOLIC: uniform-random executed=36 entered=9 untaken=3 confirmed=2 infeasible=0 gaveup=5 gcpaths=2 whole=1
// EXPECT-CONCOLIC: generational executed=9 entered=7 untaken=0 confirmed=2 infeasible=0 gaveup=6 gcpaths=2 whole=1
// EXPECT-CONCOLIC: dfs no-gc executed=7 entered=5 untaken=3 whole=1
// EXPECT-CONCOLIC: cfg no-gc executed=43 entered=9 untaken=4 whole=1
#include <klee/klee.h>
__attribute__((noinline)) int good(int s) { return s + 1; }
__attribute__((noinline)) int bad(int s) { return s + 2; }
int main(void) {
  int x;
  unsigned char n;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&n, sizeof n, "n");
  int s = 0;
  if (x > 10) {
    if (x < 12) s = bad(s); else s = good(s);
  } else {
    s = good(s);
  }
  for (int i = 0; i < (n & 3); i++) s = good(s) - 1;
  klee_assert(s == 1);
  return 0;
}
