// Interpolation through comparisons of symbolic pointers into two objects (&a[i] and &c[j],
// i, j < 8), made after 4 symbolic branches that each add +1 or -1 to s: never equal (both
// within their objects, which holds under any renaming), and ordered as the objects' base
// addresses are (the interpolant requires those addresses). Both were opaque branch
// conditions before (every node blocked, 0 subsumed). Neither comparison forks: 2^4 = 16
// paths without interpolation; with it, under dfs, 2 * 4 - 2 = 6 subsumed and 2 completed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 6
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
__attribute__((noinline)) int same(int *p, int *q) { return p == q; }
__attribute__((noinline)) int below(int *p, int *q) { return p < q; }
int main(void) {
  char b[4];
  int a[8] = {0}, c[8] = {0};
  unsigned i, j;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&j, sizeof j, "j");
  klee_assume(i < 8);
  klee_assume(j < 8);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (same(&a[i], &c[j]))
    s = up(s);
  if (below(&a[i], &c[j]) == below(&a[0], &c[0]))
    s = down(s);
  klee_assert(s <= 4);
  return 0;
}
