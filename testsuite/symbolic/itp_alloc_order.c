// Interpolants do not depend on the order of allocations: both sides of the first branch
// allocate a 4-byte and an 8-byte object, in opposite orders, so the objects get each other's
// names. Paths: x > 0 and x <= 0, each y <= 0 (then y > 5 infeasible), 0 < y <= 5, y > 5:
// 2 * 3 = 6. With interpolation (dfs) the second side's two nodes after `y > 0` match the
// first side's entries with the heap objects renamed (a -> a, b -> b by the pins): 2 subsumed,
// 3 completed (before the renaming: 0 subsumed).
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 6
// EXPECT-TESTS: 6
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 3
// EXPECT-SUBSUMED: 2
#include <klee/klee.h>
#include <stdlib.h>
__attribute__((noinline)) int *mk(int n) { return malloc(n * sizeof(int)); }
int main(void) {
  int *a, *b;
  if (klee_int("x") > 0) {
    a = mk(1);
    b = mk(2);
  } else {
    b = mk(2);
    a = mk(1);
  }
  a[0] = 1;
  b[1] = 2;
  int y = klee_int("y");
  if (y > 0) a[0] += 1; else a[0] -= 1;
  if (y > 5) b[1] += 1; else b[1] -= 1;
  klee_assert(a[0] + b[1] != 7);
  free(a);
  free(b);
  return 0;
}
