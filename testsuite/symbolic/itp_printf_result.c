// Soundness twin of itp_printf_branches: printf's result (bytes written) decides the error.
// The summary of an output call leaves its result opaque, so no node whose interpolant needs
// it is pruned: the one failing path (every side "down", 7 + 7 + 7 = 21 bytes) is found.
// 2^3 paths, one of them an assertion failure; nothing subsumed.
// OPTIONS: --search=dfs
// EXPECT-PATHS: 7
// EXPECT-TESTS: 8
// EXPECT-ERRORS: assert 28
// EXPECT-ITP-PATHS: 7
// EXPECT-SUBSUMED: 0
#include <klee/klee.h>
#include <stdio.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[3];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0, n = 0;
  for (int i = 0; i < 3; i++) {
    if (b[i]) {
      s = up(s);
      n += printf("u%d\n", 7);
    } else {
      s = down(s);
      n += printf("down%d\n", s);
    }
  }
  klee_assert(n < 19);
  return 0;
}
