// Interpolation through a symbolic pointer made before the forks (p = &a[i], i < 8, kept in a
// local variable or a register) and used after 4 symbolic branches that each add +1 or -1 to
// s: the store and load through p are expressed over p's address minus a's base (the
// interpolant requires p derived from a and a at its address; before, the node after each
// branch was blocked at -O0: "memory access without a recorded pointer"). 2^4 = 16 paths
// without interpolation; with it, under dfs, 2 * 4 - 2 = 6 subsumed and 2 completed.
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
int main(void) {
  char b[4];
  int a[8] = {0};
  unsigned i;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 8);
  int *p = &a[i];
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  *p = s;
  klee_assert(*p <= 4);
  return 0;
}
