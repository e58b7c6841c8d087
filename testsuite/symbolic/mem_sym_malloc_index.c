// A symbolic index into a malloc'ed buffer (in bounds by assumption).
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdlib.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  int *p = malloc(10 * sizeof *p);
  if (!p)
    return 1;
  for (int k = 0; k < 10; k++)
    p[k] = k * k;
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 10);
  int r;
  if (p[i] == 49)
    r = t1();
  else
    r = t0();
  free(p);
  return r;
}
