// Interpolation through a call passing a struct by value (LLVM `byval`: structs over 16 bytes
// on x86-64): Fig. 4 unrolled (N = 4) with the sum kept in a struct of 5 ints that a noinline
// function gets by value after the branches and whose result decides the assertion. The
// shadow models the callee's copy as a fresh object holding the source's bytes, so the sum's
// bounds are learnt: 2^4 paths, with interpolation 2 and 2 * 4 - 2 subsumed (0 before: the
// byval call blocked every node).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 6
#include <klee/klee.h>
// 20 bytes: passed byval on x86-64 (and on i386, every struct).
struct S {
  int lo, s, hi, pad[2];
};
// Within the bounds the struct carries.
__attribute__((noinline)) static int ok(struct S x) { return x.lo <= x.s && x.s <= x.hi; }
__attribute__((noinline)) static int up(int s) { return s + 1; }
__attribute__((noinline)) static int down(int s) { return s - 1; }
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  struct S x = {-4, 0, 4, {0, 0}};
  for (int i = 0; i < 4; i++) {
    if (b[i])
      x.s = up(x.s);
    else
      x.s = down(x.s);
  }
  klee_assert(ok(x));
  return 0;
}
