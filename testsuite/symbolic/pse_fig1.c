// Postconditioned symbolic execution on paper 002's Fig. 1: three consecutive if-else
// statements, 8 paths; the suffixes from the second and third branch are explored once.
// The counts with --pse alone follow the paper's Table 1: paths 1 and 2 run to the end, the
// others are cut where their suffix was explored (a test each, for their prefix).
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 4
// EXPECT-PSE: --no-interpolation paths=2 pruned=4 tests=6
// EXPECT-PSE: --no-interpolation --pse-simplify=false --pse-reuse=false paths=2 pruned=4 tests=6
// EXPECT-PSE: paths=2 pruned=0 subsumed=4 tests=2
#include <klee/klee.h>
volatile int out;
__attribute__((noinline)) int add(int a, int k) { out = 1; return a + k; }
__attribute__((noinline)) int sub(int a, int k) { out = 2; return a - k; }
int main(void) {
  int a, b, c, res;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  if (a <= 0) a = add(a, 10); else a = sub(a, 10);
  if (a <= b) res = sub(a, b); else res = add(a, b);
  if (res > c) res = add(0, 1); else res = sub(0, 0);
  out = res;
  return 0;
}
