// __builtin_clz / __builtin_ctz on a symbolic nonzero value: their defining properties (the
// highest / lowest set bit) hold for every input: 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x != 0);
  unsigned l = __builtin_clz(x), t = __builtin_ctz(x);
  klee_assert(l < 32);
  klee_assert(t < 32);
  klee_assert((x >> (31 - l)) == 1);
  klee_assert(((x >> t) & 1) == 1);
  klee_assert((x & ((2u << t) - 1)) == (1u << t));
  return 0;
}
