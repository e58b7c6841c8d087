// The soundness twin of itp_ptr_to_int: the distance of &a[i] from a (4 * i, i < 8) plus s
// reaches 32 only on the path taking +1 four times, with i = 7. The interpolants learnt on
// the other paths require the distance plus s below 32 for every i, which that path does not
// satisfy: it is not pruned and the failure is found. (How many paths are pruned differs
// between -O0 and -O2, 6 and 7: the error is what this program checks.)
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-ERRORS: assert 29
// Pruning must happen in the run that finds the error (6 at -O0, 7 at -O2, under dfs):
// EXPECT-SUBSUMED: >=6
#include <stdint.h>
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
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
  klee_assert((long)distance(a, &a[i]) + s < 32);
  return 0;
}
