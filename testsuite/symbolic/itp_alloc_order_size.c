// Soundness twin of itp_alloc_order (sizes): both sides allocate a and b in opposite orders,
// but a has 8 bytes on the first side (explored first) and 4 on the second, where a[1] is out
// of bounds. The first side's entry after `y > 0` (a[1] = 5 in bounds) must not prune the
// second side: a heap object is renamed only to one of its size. Paths: 2 sides * 2 = 4, one
// of them the error; with interpolation the second side's `y <= 0` node (b[0] = 1, b has 4
// bytes on both sides) matches with b renamed: 1 subsumed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: ptr 29
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 1
#include <klee/klee.h>
#include <stdlib.h>
__attribute__((noinline)) int *mk(int n) { return malloc(n * sizeof(int)); }
int main(void) {
  int *a, *b;
  if (klee_int("x") > 0) {
    a = mk(2);
    b = mk(1);
  } else {
    b = mk(1);
    a = mk(1);
  }
  a[0] = 0;
  b[0] = 0;
  if (klee_int("y") > 0)
    a[1] = 5;
  else
    b[0] = 1;
  return 0;
}
