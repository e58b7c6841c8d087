// A struct array indexed symbolically: a field written, a sum over all elements read back concretely.
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

struct point {
  int x;
  int y;
};
struct point pts[5] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}};

int main(void) {
  unsigned k;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume(k < 5);
  pts[k].y = 100;
  int sum = 0;
  for (int n = 0; n < 5; n++)
    sum += pts[n].y;
  /* 30 - (2k + 2) + 100 */
  if (sum == 122)
    return t1(); /* k == 2 */
  return t0();
}
