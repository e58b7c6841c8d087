// The soundness twin of itp_ptr_made_before where the pointer's provenance decides: on one
// side of b[4] p = &a[i], on the other p = c + (a - c) + j, the same kind of address but
// derived from c, so the executor checks the store against c and reports it out of bounds.
// Under dfs the a side runs first and its interpolants hold of the c side's addresses (in
// bounds of a); only the provenance they require (p derived from a) keeps the c side from
// being pruned (without that check the error was lost). Without interpolation: 16 paths
// complete, 16 fail at the store; with it, 2 complete, 2 fail, 12 are pruned.
// ONLY: O0 (at -O2 clang folds c + (a - c) into a: the C program's undefined behaviour)
// NO-REPLAY (the error is the pointer's provenance, KLEE's model: natively, and to AddressSanitizer, the address is inside a)
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-ERRORS: ptr 34
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 12
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[5];
  int a[8] = {0}, c[8] = {0};
  unsigned i, j;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&j, sizeof j, "j");
  klee_assume(i < 8);
  klee_assume(j < 8);
  int *p = b[4] ? &a[i] : c + (a - c) + j;
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  *p = s;
  klee_assert(s <= 4);
  return 0;
}
