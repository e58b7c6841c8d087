// __VERIFIER_nondet_bool: a one-byte object constrained to 0 or 1: 2 paths, never another value.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void yes(void) { sink = 1; }

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  if (b)
    yes();
  unsigned char raw = *(unsigned char *)&b;
  klee_assert(raw <= 1);
  return 0;
}
