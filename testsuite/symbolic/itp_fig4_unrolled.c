// Interpolation, TRACER-X's Fig. 4 unrolled (N = 8): each symbolic bit adds +1 or -1, then
// -8 <= sum <= 8 is asserted. Without interpolation 2^8 paths; with it the sum's bounds are
// learnt at each level and the second child of every fork is subsumed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 256
// EXPECT-TESTS: 256
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 14
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[8];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (b[4]) s = up(s); else s = down(s);
  if (b[5]) s = up(s); else s = down(s);
  if (b[6]) s = up(s); else s = down(s);
  if (b[7]) s = up(s); else s = down(s);
  klee_assert(-8 <= s && s <= 8);
  return 0;
}
