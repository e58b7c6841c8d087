// __VERIFIER_nondet_loff_t: an 8-byte (x86-64) signed object: 2 paths on its sign.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void neg(void) { sink = 1; }

int main(void) {
  long long v = __VERIFIER_nondet_loff_t();
  if (v < 0)
    neg();
  klee_assert(sizeof(__VERIFIER_nondet_loff_t()) == 8);
  return 0;
}
