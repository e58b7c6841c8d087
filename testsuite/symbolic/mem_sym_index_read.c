// A symbolic index reads a global array (array theory, one path per branch side).
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

int a[8] = {1, 20, 3, 40, 5, 60, 7, 80};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 8);
  if (a[i] > 10)
    return t1();
  return t0();
}
