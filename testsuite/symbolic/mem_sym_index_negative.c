// A signed symbolic index: negative values are out of bounds (error path), 0..2 in bounds.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: ptr 24
// LIBC: none
// NO-REPLAY (reading a[-1] natively does not crash)
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int a[4] = {7, 8, 9, 10};

int main(void) {
  int i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i <= -3)
    return t1();
  if (i >= 3)
    return t2();
  volatile int x = a[i];
  (void)x;
  return t0();
}
