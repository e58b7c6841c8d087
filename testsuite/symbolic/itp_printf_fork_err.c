// Soundness twin of itp_printf_fork: the value printed is the one a later check fails on
// (s == -4: x == 0 and every side "down", one path). Nodes inside printf now get
// interpolants, so paths are pruned (at -O0 the failing path is explored after them; its
// error must still be found). The pruning counts depend on the level's branch polarity, so
// the count of pruned paths is a bound.
// OPTIONS: --search=dfs
// EXPECT-PATHS: 48
// EXPECT-TESTS: 49
// EXPECT-ERRORS: assert 30
// Pruning must happen in the run that finds the error (29 at -O0, 30 at -O2, under dfs):
// EXPECT-SUBSUMED: >=29
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
  printf("%d\n", s);
  klee_assert(s != -4);
  return 0;
}
