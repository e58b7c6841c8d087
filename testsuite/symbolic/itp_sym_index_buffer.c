// Interpolation through a store and a load at a symbolic index (i < 8, a buffer of 8 ints)
// after 4 symbolic branches that each add +1 or -1 to s: the stored value is checked after.
// 2^4 = 16 paths without interpolation; the interpolant of a leaf (s <= 4, and the index in
// bounds, the check the executor made) holds at every node below the first branch: under
// dfs the second child of each of the 3 lower nodes and of the 2 + 1 nodes above is pruned:
// 2 * 4 - 2 = 6 subsumed, 2 completed.
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
__attribute__((noinline)) void put(int *buf, unsigned i, int v) { buf[i] = v; }
__attribute__((noinline)) int get(int *buf, unsigned i) { return buf[i]; }
int main(void) {
  char b[4];
  int buf[8] = {0};
  unsigned i;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 8);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  put(buf, i, s);
  klee_assert(get(buf, i) <= 4);
  return 0;
}
