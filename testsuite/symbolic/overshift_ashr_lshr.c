// Arithmetic and logical right shifts of 64-bit values by symbolic amounts assumed < 70:
// each has an overshift error path (64..69): paths 1, tests 3.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: overshift 18, overshift 19
#include <klee/klee.h>

static volatile long long sink;

int main(void) {
  unsigned char a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_assume(a < 70);
  klee_assume(b < 70);
  volatile long long x = -12345;
  sink = x >> a;
  sink = (unsigned long long)x >> b;
  return 0;
}
