// Interpolation through the program's own variadic function: Fig. 4 unrolled (N = 4) where
// each side adds its step through `step(n, ...)` (va_start, va_copy, va_arg, va_end). The
// shadow holds the area of variadic arguments the call made and the va_list va_start writes,
// so the sum's bounds are learnt: 2^4 paths, with interpolation 2 and 2 * 4 - 2 subsumed
// (0 before: a variadic call blocked every node).
// OPTIONS: --search=dfs
// EXPECT-PATHS: 16
// EXPECT-TESTS: 16
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 6
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
  klee_assert(-4 <= s && s <= 4);
  return 0;
}
