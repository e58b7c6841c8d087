// A pointer stored at a symbolic index of a pointer array, loaded back at a concrete index and dereferenced.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int v = 2;
int *slots[4];

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 4);
  slots[i] = &v;
  int *p = slots[2];
  if (p != 0 && *p == 2)
    return t1();
  return t0();
}
