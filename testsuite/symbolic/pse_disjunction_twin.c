// The twin of pse_disjunction.c: mode 1 now explores only 10 < y <= 20, so a path with any
// other mode can still take y > 20 below the branch on w, a suffix no earlier path took
// (and the only way to the failing assertion): postconditioned symbolic execution must not
// cut it there, and finds the error; it cuts the paths that only repeat explored suffixes.
// LIBC: none
// ONLY: O0 (at -O2 the branches on mode and y become one comparison: other counts)
// OPTIONS: --search=dfs
// EXPECT-PATHS: 11
// EXPECT-TESTS: 12
// EXPECT-ERRORS: assert 31
// EXPECT-ITP-PATHS: 8
// EXPECT-SUBSUMED: 3
// EXPECT-PSE: --no-interpolation paths=8 pruned=3 tests=12
// EXPECT-PSE: paths=8 pruned=0 subsumed=3
#include <klee/klee.h>
volatile int sink;
__attribute__((noinline)) void put(int v) { sink = v; }
int main(void) {
  int mode, y, w;
  klee_make_symbolic(&mode, sizeof mode, "mode");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&w, sizeof w, "w");
  if (mode == 0) {
    if (y > 10) return 0;
  } else if (mode == 1) {
    if (y <= 10 || y > 20) return 0;
  }
  if (w > 0) put(1); else put(2);
  if (y > 10) {
    if (y > 20) {
      klee_assert(0);
    }
    put(3);
  } else put(4);
  return 0;
}
