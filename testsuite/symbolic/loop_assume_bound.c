// A while loop bounded by klee_assume(n <= 3) on an unsigned input: trip counts 0..3, 4 paths.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  unsigned n;
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n <= 3);
  unsigned k = 0;
  while (k != n) {
    sink = k;
    k++;
  }
  return 0;
}
