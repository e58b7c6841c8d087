// Sides no input takes, and a loop: x > 10 then x < 5 cannot hold (greedy confirmation finds
// the side infeasible, or the search's negation does); the loop runs n & 3 times, each
// iteration a decision whose other side greedy confirmation gives up (the loop head is reached
// twice). 2 ways through the first part times 4 loop counts: 8 paths. The twin
// `itp_concolic_sides_err` makes the inner side feasible (x < 12) and fails there.
// LIBC: none
// ONLY: O0 (at -O2 clang folds the inner branch away, x > 10 and x < 5 being contradictory: 4 paths)
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
// EXPECT-CONCOLIC: dfs executed=3 entered=2 untaken=0 confirmed=2 infeasible=0 gaveup=2 gcpaths=1 whole=1
// EXPECT-CONCOLIC: cfg executed=5 entered=4 untaken=0 confirmed=1 infeasible=0 gaveup=3 gcpaths=1 whole=1
// EXPECT-CONCOLIC: random-branch executed=3 entered=2 untaken=0 confirmed=2 infeasible=0 gaveup=2 gcpaths=1 whole=1
// EXPECT-CONCOLIC: uniform-random executed=6 entered=5 untaken=1 confirmed=1 infeasible=0 gaveup=3 gcpaths=1 whole=1
// EXPECT-CONCOLIC: generational executed=6 entered=5 untaken=0 confirmed=1 infeasible=0 gaveup=4 gcpaths=1 whole=1
// EXPECT-CONCOLIC: dfs no-gc executed=5 entered=4 untaken=1 whole=0
// EXPECT-CONCOLIC: cfg no-gc executed=6 entered=5 untaken=1 whole=1
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
    if (x < 5) s = bad(s); else s = good(s);
  } else {
    s = good(s);
  }
  for (int i = 0; i < (n & 3); i++) s = good(s) - 1;
  klee_assert(s == 1);
  return 0;
}
