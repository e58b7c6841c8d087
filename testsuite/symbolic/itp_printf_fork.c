// Interpolation through printf's own forks: the sum s starts from a symbolic x in [0, 20],
// then 4 branches add +1 or -1, then printf("%d\n", s) forks inside the C library (its sign
// and digit loop) and the assertion holds. Nodes that start or end inside printf are not
// summarized whole (wp_output.rs) but shadowed instruction by instruction down to the
// system calls of its output (ioctl and writev on standard output, wp_syscall.rs): 48 paths,
// with interpolation 4 (0 subsumed before: those calls blocked every node).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 48
// EXPECT-TESTS: 48
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 4
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
  printf("%d\n", s);
  klee_assert(s <= 24);
  return 0;
}
