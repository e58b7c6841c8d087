// A pointer chosen by a symbolic condition: a branch at -O0, a `select` of two concrete
// pointers at -O2, which trex forks on (no symbolic pointer): 2 paths at both levels; each
// writes its own object.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static int a, b;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int *p = x > 0 ? &a : &b;
  *p = 1;
  klee_assert(a + b == 1);
  klee_assert((x > 0) == (a == 1));
  return 0;
}
