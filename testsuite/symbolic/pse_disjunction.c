// Postconditioned symbolic execution prunes where interpolation cannot: at the branch on w,
// the paths with mode 0 (y <= 10) and mode 1 (y > 10) each explored one side of the later
// branch on y; a path with any other mode has y unconstrained and implies neither
// interpolant, but it implies their disjunction, the summary of the suffixes explored there
// (they merge to `true`): both of its sides of the branch on w are cut. Its twin
// (pse_disjunction_twin.c) leaves a suffix unexplored, which must not be cut.
// LIBC: none
// ONLY: O0 (at -O2 the branches on mode and y become one comparison: other counts)
// OPTIONS: --search=dfs
// EXPECT-PATHS: 10
// EXPECT-TESTS: 10
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 8
// EXPECT-SUBSUMED: 2
// EXPECT-PSE: --no-interpolation paths=6 pruned=2 tests=8
// EXPECT-PSE: paths=6 pruned=2 subsumed=0
// EXPECT-PSE: --no-interpolation --pse-simplify=false paths=6 pruned=2
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
    if (y <= 10) return 0;
  }
  if (w > 0) put(1); else put(2);
  if (y > 10) put(3); else put(4);
  return 0;
}
