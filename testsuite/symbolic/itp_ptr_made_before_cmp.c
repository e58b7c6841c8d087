// Interpolation through a branch on a comparison of two pointers made before the forks
// (p = &a[i], i < 8, and q = &a[4]), compared after 4 symbolic branches that each add +1 or
// -1 to s; the side p < q adds one more. The comparison is expressed over p's offset in a
// (before, it was opaque: the nodes above it were blocked and only the 30 states at the last
// branch were pruned). 2^5 = 32 paths without interpolation; with it, under dfs, 2 * 5 - 2 =
// 8 subsumed and 2 completed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 32
// EXPECT-TESTS: 32
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 8
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
__attribute__((noinline)) int before(int *p, int *q) { return p < q; }
int main(void) {
  char b[4];
  int a[8] = {0};
  unsigned i;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 8);
  int *p = &a[i], *q = &a[4];
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (before(p, q))
    s = up(s);
  klee_assert(s <= 5);
  return 0;
}
