// The soundness twin of itp_ptr_made_before: the value stored through p must be at most 3, so
// the path taking +1 four times fails. The interpolants learnt on the other paths require
// the stored value to be at most 3, which that path's state does not satisfy: it is not
// pruned and the failure is found (2 paths complete, 1 fails, 7 are pruned under dfs).
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 15
// EXPECT-ERRORS: assert 28
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 7
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
  klee_assert(*p <= 3);
  return 0;
}
