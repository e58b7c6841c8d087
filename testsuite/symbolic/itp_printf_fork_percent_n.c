// Soundness twin of itp_printf_fork: what `%n` writes to program memory (k = 2 after "-1" to
// "-4" and after two digits) with the sign decides the failure (s in [-4, -1]). Inside the
// forked nodes printf's store through the `%n` pointer is shadowed as any store: the error
// is still found (at -O0 after pruning began).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 43
// EXPECT-TESTS: 44
// EXPECT-ERRORS: assert 29
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
  int k = 0;
  printf("%d%n\n", s, &k);
  klee_assert(k != 2 || s >= 0);
  return 0;
}
