// A symbolic index may write past the end of a malloc'ed buffer: an error path.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: ptr 22
// NO-REPLAY (writing past a malloc'ed buffer natively does not crash)
#include <klee/klee.h>
#include <stdlib.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  char *p = malloc(8);
  if (!p)
    return 1;
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i < 12) {
    ((volatile char *)p)[i] = 'x';
    free(p);
    return t1();
  }
  free(p);
  return t0();
}
