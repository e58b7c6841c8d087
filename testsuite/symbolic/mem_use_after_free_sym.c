// A symbolic index into a freed buffer: an out-of-bound pointer error (use after free).
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: ptr 23
// NO-REPLAY (reading freed memory natively does not crash)
#include <klee/klee.h>
#include <stdlib.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  int *volatile p = malloc(4 * sizeof(int));
  if (!p)
    return 1;
  free(p);
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 4);
  volatile int x = p[i];
  (void)x;
  return 0;
}
