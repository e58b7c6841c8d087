// Interpolation after an array write at a symbolic index (array theory, before the first
// fork) and reads at constant indices later: 5 symbolic branches on other inputs each add one
// element; the assertion only depends on the sum.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 32
// EXPECT-TESTS: 32
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 8
#include <klee/klee.h>
__attribute__((noinline)) int pick(int *a, int k) { return a[k]; }
__attribute__((noinline)) int zero(int *a, int k) { return 0 * a[k]; }
int main(void) {
  int a[4] = {1, 1, 1, 1};
  unsigned i;
  unsigned char in[5];
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(in, sizeof in, "in");
  klee_assume(i < 4);
  a[i] = 2;
  int s = 0;
  for (int k = 0; k < 5; k++) {
    if (in[k]) s += pick(a, k % 4); else s += zero(a, k % 4);
  }
  klee_assert(s <= 10);
  return 0;
}
