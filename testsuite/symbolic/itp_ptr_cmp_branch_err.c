// The soundness twin of itp_ptr_cmp_branch: the comparison is with a + 4 + s (s in -4..4 from
// 4 symbolic branches of +1 / -1, i < 4), and the assertion fails when &a[i] is not before
// it and s < -3: only on the path where every branch gave -1. The interpolants of the first
// leaves keep the branch's condition over the offsets (i < 4 + s), which that path does not
// satisfy: it is not pruned and the error is found.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-ERRORS: assert 28
// Pruning must happen in the run that finds the error (8 at -O0, 6 at -O2, under dfs):
// EXPECT-SUBSUMED: >=6
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
  klee_assume(i < 4);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (!before(&a[i], a + 4 + s))
    klee_assert(s > -4);
  return 0;
}
