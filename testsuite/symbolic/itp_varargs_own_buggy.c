// Soundness twin of itp_varargs_own: the bound is 3, violated when every side adds +1 (4) or
// every side -1 (-4), values that only go through the variadic arguments. Both failing paths
// must still be found with interpolation (one report: the same assertion): 14 paths exit.
// With interpolation both failing paths and 2 others run, 8 are subsumed.
// OPTIONS: --search=dfs
// EXPECT-PATHS: 14
// EXPECT-TESTS: 15
// EXPECT-ERRORS: assert 35
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 8
#include <klee/klee.h>
#include <stdarg.h>
// The sum of its n variadic ints.
__attribute__((noinline)) static int step(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(aq, int);
  va_end(aq);
  va_end(ap);
  return s;
}
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 4; i++) {
    if (b[i])
      s = step(2, s, 1);
    else
      s = step(3, s, -2, 1);
  }
  klee_assert(-3 <= s && s <= 3);
  return 0;
}
