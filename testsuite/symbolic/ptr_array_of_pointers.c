// Pointers stored in an array, loaded at a symbolic index and dereferenced: the loaded address
// is resolved against every object (no provenance), one path per object (x, y, z).
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int x = 10, y = 20, z = 30;
int *tab[3] = {&x, &y, &z};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 3);
  if (*tab[i] == 20)
    return t1();
  return t0();
}
