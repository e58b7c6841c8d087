// A symbolic index may read past the end: one error path (i == 4 or 5), one in-bounds path, the i >= 6 path.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: ptr 21
// LIBC: none
// NO-REPLAY (reading a[4] natively does not crash)
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int a[4] = {1, 2, 3, 4};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i < 6) {
    volatile int x = a[i];
    (void)x;
    return t1();
  }
  return t0();
}
