// Postconditioned symbolic execution in a loop: the branch in the loop body has one program
// point, so with the first-instance rule (paper 002 §4.1, the default) only its first iteration
// keeps and checks a summary and nothing is pruned; without the rule the later iterations'
// suffixes are summarized too and the paths that only repeat them are cut, while the one
// combination that fails the assertion (every element positive) is still found.
// LIBC: none
// ONLY: O0 (-O2 vectorizes the loop: a symbolic vector comparison is not supported yet)
// OPTIONS: --search=dfs
// EXPECT-PATHS: 63
// EXPECT-TESTS: 64
// EXPECT-ERRORS: assert 24
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 13
// EXPECT-PSE: --no-interpolation paths=63 pruned=0
// EXPECT-PSE: --no-interpolation --pse-first-instance=false paths=2 pruned=13 tests=16
#include <klee/klee.h>
#define N 6
int main(void) {
  signed char a[N];
  klee_make_symbolic(a, sizeof a, "a");
  int pos = 0;
  for (int i = 0; i < N; i++)
    if (a[i] > 0) pos++;
  klee_assert(pos < N);
  return pos;
}
