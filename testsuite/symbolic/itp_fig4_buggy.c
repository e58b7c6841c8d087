// Interpolation must not prune the only failing path: Fig. 4 (loop form, N = 6) with the bound
// N - 1, violated when every bit is set (sum = 6) or clear (sum = -6).
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 62
// EXPECT-TESTS: 63
// EXPECT-ERRORS: assert 20
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 16
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[6];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 6; i++) {
    if (b[i]) s = up(s); else s = down(s);
  }
  klee_assert(-5 <= s && s <= 5); // ERROR-LINE
  return 0;
}
