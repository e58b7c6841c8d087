// Soundness twin of itp_byval_struct: the first branch's +1 side lowers the upper bound the
// struct carries to 3 and its -1 side raises the lower bound to -3, so the path that adds +1
// on every side (s = 4) fails the first assertion and the one that adds -1 on every side
// (s = -4) the second: values and bounds that reach the checks only through the callees'
// byval copies. Whichever side the search takes first, one failing path runs after the
// interpolants learnt in the other subtree (where its bound is 4 or -4) and must not be
// pruned by them. 14 paths exit, two fail; with interpolation both failing paths and 2 that
// exit run, 8 are subsumed (counts confirmed with trex).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 14
// EXPECT-TESTS: 16
// EXPECT-ERRORS: assert 39, assert 40
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 8
#include <klee/klee.h>
// 20 bytes: passed byval on x86-64 (and on i386, every struct).
struct S {
  int lo, s, hi, pad[2];
};
__attribute__((noinline)) static int below_hi(struct S x) { return x.s <= x.hi; }
__attribute__((noinline)) static int above_lo(struct S x) { return x.lo <= x.s; }
__attribute__((noinline)) static int up(int s) { return s + 1; }
__attribute__((noinline)) static int down(int s) { return s - 1; }
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  struct S x = {-4, 0, 4, {0, 0}};
  for (int i = 0; i < 4; i++) {
    if (b[i]) {
      x.s = up(x.s);
      if (i == 0)
        x.hi = 3;
    } else {
      x.s = down(x.s);
      if (i == 0)
        x.lo = -3;
    }
  }
  klee_assert(below_hi(x));
  klee_assert(above_lo(x));
  return 0;
}
