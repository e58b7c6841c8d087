// Interpolation through branches on pointers converted to integers (ptrtoint): the low bits
// of &a[i] (i < 8) and its distance from a, after 4 symbolic branches that each add +1 or -1
// to s. Both are expressed over a's base address (required by the interpolant) plus the
// offset; before, they were opaque branch conditions (every node blocked, 0 subsumed).
// Neither branch forks: 2^4 = 16 paths without interpolation; with it, under dfs,
// 2 * 4 - 2 = 6 subsumed and 2 completed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 6
#include <stdint.h>
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
__attribute__((noinline)) int aligned(int *p) { return ((uintptr_t)p & 3) == 0; }
__attribute__((noinline)) uintptr_t distance(int *p, int *q) { return (uintptr_t)q - (uintptr_t)p; }
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
  if (!aligned(&a[i]))
    s = up(s);
  if (distance(a, &a[i]) >= sizeof a)
    s = up(s);
  klee_assert(s <= 4);
  return 0;
}
