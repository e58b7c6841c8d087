// __VERIFIER_nondet_char: a fresh char object named after the function; the branch splits
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
  char v = __VERIFIER_nondet_char();
  if (v < 0)
    hi_side();
  // Widened without loss: the value is one of the type's.
  long long w = (long long)v;
  unsigned long long u = (unsigned long long)v;
  klee_assert(w >= (long long)(-128) && w <= (long long)(127));
  return 0;
}
