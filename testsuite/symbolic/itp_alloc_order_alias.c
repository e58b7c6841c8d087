// Soundness twin of itp_alloc_order (aliasing): the first side (x > 0, explored first) has two
// objects a and b, the second one object that both point to. The interpolant learnt after
// `y > 0` on the first side (b stays 2 after `*a = 1`) must not prune the second side, where
// a renaming would map both of its objects to one (not injective): the assertion fails there.
// Paths: 2 sides * 2 = 4, one of them the error. With interpolation the second side's `y <= 0`
// node (it only writes *a) is subsumed: 1.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: assert 31
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 1
#include <klee/klee.h>
#include <stdlib.h>
__attribute__((noinline)) int *mk(void) { return malloc(sizeof(int)); }
int main(void) {
  int *a, *b;
  if (klee_int("x") > 0) {
    a = mk();
    b = mk();
  } else {
    b = mk();
    a = b;
  }
  *a = 0;
  *b = 0;
  if (klee_int("y") > 0) {
    *b = 2;
    *a = 1;
    klee_assert(*b == 2);
  } else {
    *a = 3;
  }
  return 0;
}
