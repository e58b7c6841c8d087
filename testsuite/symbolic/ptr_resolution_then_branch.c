// A pointer loaded at a symbolic index resolves to one of two objects (two paths, a fork
// interpolation does not model), then each path branches twice on another input: 2 * 3 = 6
// paths. The second path of the resolution forks again without an interpolation node (this
// crashed the interpolating run).
// EXPECT-PATHS: 6
// EXPECT-TESTS: 6
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int a = 1, b = 2;
int *tab[2] = {&a, &b};

int main(void) {
  unsigned i;
  int x;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(i < 2);
  *tab[i] = 5;
  if (x > 3)
    return t1();
  if (x < -3)
    return t2();
  return t0();
}
