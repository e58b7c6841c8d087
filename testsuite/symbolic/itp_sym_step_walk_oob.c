// The soundness twin of itp_sym_step_walk: the step is step0 + 1 + s / 4 (step0 < 2, s in
// -4..4 from 4 symbolic branches of +1 / -1), 3 on the path where every branch gave +1 and
// step0 = 1 only, where the third store (a + 6) leaves the array of 6 ints. The first
// leaves' interpolants hold the stores' in-bounds conditions, which that path does not
// satisfy: it is not pruned and the error is found.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-ERRORS: ptr 17
// Pruning must happen in the run that finds the error (7 at -O0, 6 at -O2, under dfs):
// EXPECT-SUBSUMED: >=6
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
  int a[6] = {0};
  unsigned step;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&step, sizeof step, "step");
  klee_assume(step < 2);
  int s = 0;
  if (b[0]) s = down(s); else s = up(s);
  if (b[1]) s = down(s); else s = up(s);
  if (b[2]) s = down(s); else s = up(s);
  if (b[3]) s = down(s); else s = up(s);
  fill(a, step + 1 + s / 4, s);
  klee_assert(a[0] <= 4);
  return 0;
}
