// klee_get_valuel / klee_get_valuell / klee_get_value_i64 on 64-bit inputs constrained to a
// range: the values respect the constraints (and do not constrain the inputs further): 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

int main(void) {
  long a;
  long long b;
  int64_t c;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume((a > 5000000000L) & (a < 5000000010L));
  klee_assume(b == -3);
  klee_assume((c >= 0) & (c < 2));
  long va = klee_get_valuel(a);
  long long vb = klee_get_valuell(b);
  int64_t vc = klee_get_value_i64(c);
  klee_assert(va > 5000000000L && va < 5000000010L);
  klee_assert(vb == -3);
  klee_assert(vc == 0 || vc == 1);
  klee_assert(b == vb); // b has one value
  return 0;
}
