// A symbolic index may write past the end of a local array; the in-bounds path then branches on an element.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: ptr 21
// LIBC: none
// NO-REPLAY (writing b[5] natively does not crash)
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  volatile int b[5] = {0, 0, 0, 0, 0};
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i >= 7)
    return t2();
  b[i] = 1;
  if (b[2] == 1)
    return t1();
  return t0();
}
