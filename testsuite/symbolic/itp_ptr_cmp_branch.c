// Interpolation through a branch on a comparison of a symbolic pointer (&a[i], i < 8) with
// the end of its array, after 4 symbolic branches that each add +1 or -1 to s: the branch's
// condition is expressed over the pointers' offsets in the array (the pointer arithmetic
// blocked every node before, the comparison was opaque). 2^4 = 16
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
__attribute__((noinline)) int before(int *p, int *end) { return p < end; }
int main(void) {
  char b[4];
  int a[8] = {0};
  unsigned i;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 8);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (before(&a[i], a + 8))
    klee_assert(s <= 4);
  return 0;
}
