// A variable-length array and a malloc'ed buffer whose sizes are inputs: one exact path per
// feasible size, smallest first. n in [0, 3]: 4 sizes of the array; then m in [1, 2]: 2
// sizes of the buffer each: 8 paths.
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdlib.h>
static volatile int sink;

int main(void) {
  unsigned n, m;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_make_symbolic(&m, sizeof m, "m");
  klee_assume(n < 4);
  klee_assume(m >= 1 & m <= 2);
  int v[n + 1];
  for (unsigned k = 0; k <= n; k++)
    v[k] = (int)k;
  int *p = malloc(m * sizeof(int));
  if (!p)
    return 1;
  for (unsigned k = 0; k < m; k++)
    p[k] = v[n] + (int)k;
  sink = p[m - 1];
  free(p);
  return 0;
}
