// A divisor assumed in [-3, 3] and a symbolic dividend: d == 0 is the only error path;
// the quotient stays inside the dividend's range (checked).
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: div 16
#include <klee/klee.h>

int main(void) {
  int n, d;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_make_symbolic(&d, sizeof d, "d");
  klee_assume((d >= -3) & (d <= 3));
  klee_assume((n > -1000) & (n < 1000));
  volatile int q;
  q = n / d;
  klee_assert((q > -1000) & (q < 1000));
  return 0;
}
