// Soundness twin of itp_printf_branches: `%n` writes the count printed so far into program
// memory, which decides the error. An output call whose format has `%n` is not summarized
// (no interpolant through it): the one failing path (every side prints "down", k = 4 + 4 + 4)
// is found. 2^3 paths, one an assertion failure; nothing subsumed.
// OPTIONS: --search=dfs
// EXPECT-PATHS: 7
// EXPECT-TESTS: 8
// EXPECT-ERRORS: assert 29
// EXPECT-ITP-PATHS: 7
// EXPECT-SUBSUMED: 0
#include <klee/klee.h>
#include <stdio.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[3];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0, k = 0, t = 0;
  for (int i = 0; i < 3; i++) {
    if (b[i]) {
      s = up(s);
      printf("up%n\n", &k);
    } else {
      s = down(s);
      printf("down%n\n", &k);
    }
    t += k;
  }
  klee_assert(t < 12);
  return 0;
}
