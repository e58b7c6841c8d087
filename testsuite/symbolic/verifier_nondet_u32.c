// __VERIFIER_nondet_u32: a fresh unsigned int object named after the function; the branch splits
// the upper and lower halves of the range: 2 paths, and the value always fits the type.
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
  unsigned int v = __VERIFIER_nondet_u32();
  if (v > 4294967295u / 2)
    hi_side();
  // Widened without loss: the value is one of the type's.
  long long w = (long long)v;
  unsigned long long u = (unsigned long long)v;
  klee_assert(u <= (unsigned long long)(4294967295u));
  return 0;
}
