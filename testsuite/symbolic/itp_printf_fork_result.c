// Soundness twin of itp_printf_fork: printf's result (the bytes written, 3 for "-1\n" to
// "-4\n" and for two digits) with the sign decides the failure (s in [-4, -1]). The result
// printf computes inside the forked nodes must be kept in their interpolants: the error is
// still found (after pruning began).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 43
// EXPECT-TESTS: 44
// EXPECT-ERRORS: assert 28
// EXPECT-SUBSUMED: 30
#include <klee/klee.h>
#include <stdio.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[4];
  int x;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0 & x <= 20);
  int s = x;
  for (int i = 0; i < 4; i++) {
    if (b[i])
      s = up(s);
    else
      s = down(s);
  }
  int n = printf("%d\n", s);
  klee_assert(n != 3 || s >= 0);
  return 0;
}
