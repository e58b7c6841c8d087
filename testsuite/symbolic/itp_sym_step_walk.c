// Interpolation through a pointer walking an array by a symbolic step (1 <= step <= 2, three
// stores at p, p + step, p + 2 * step into an array of 8 ints) after 4 symbolic branches that
// each add +1 or -1 to s; then the first element is checked. 2^4 = 16 paths without
// interpolation; with it, under dfs, 2 * 4 - 2 = 6 subsumed and 2 completed (as
// itp_fig4_unrolled: the leaf's interpolant, s <= 4 with the stores in bounds, holds at every
// node below the first branch).
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
__attribute__((noinline)) void fill(int *p, unsigned step, int v) {
  for (int k = 0; k < 3; k++) {
    *p = v;
    p += step;
  }
}
int main(void) {
  char b[4];
  int a[8] = {0};
  unsigned step;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&step, sizeof step, "step");
  klee_assume((step - 1) < 2);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  fill(a, step, s);
  klee_assert(a[0] <= 4);
  return 0;
}
