// __VERIFIER_nondet_short: a fresh short object named after the function; the branch splits
// negative and non-negative values: 2 paths, and the value always fits the type.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <limits.h>
#include <stdint.h>

static volatile int sink;
__attribute__((noinline)) static void hi_side(void) { sink = 1; }

int main(void) {
  short v = __VERIFIER_nondet_short();
  if (v < 0)
    hi_side();
  // Widened without loss: the value is one of the type's.
  long long w = (long long)v;
  unsigned long long u = (unsigned long long)v;
  klee_assert(w >= (long long)(-32768) && w <= (long long)(32767));
  return 0;
}
