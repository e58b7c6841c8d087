// Mutual recursion (is_even / is_odd) on a symbolic n in [0, 5): 5 paths; is_even(3) is
// reached on exactly one of them and triggers a reported error there.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 5
// EXPECT-ERRORS: abort 18
#include <klee/klee.h>

static int is_odd(unsigned n);
__attribute__((noinline)) static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

int main(void) {
  unsigned n = klee_range(0, 5, "n");
  if (is_even(n) != (n % 2 == 0))
    return 1;
  if (n == 4)
    klee_abort();
  return 0;
}
