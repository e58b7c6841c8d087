// Interpolation through printf: Fig. 4 unrolled (N = 4) where each side prints, with a
// constant string, the symbolic byte tested and the (concrete) sum. The C library's output
// calls are summarized in the weakest precondition (they only print), so the sum's bounds are
// learnt as without them: 2^4 paths, with interpolation 2 and 2 * 4 - 2 subsumed (0 before:
// a variadic call blocked every node).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 6
#include <klee/klee.h>
#include <stdio.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 4; i++) {
    if (b[i]) {
      s = up(s);
      printf("%s %c %d\n", "up", b[i], s);
    } else {
      s = down(s);
      printf("down %d %d\n", b[i], s);
    }
  }
  klee_assert(-4 <= s && s <= 4);
  return 0;
}
