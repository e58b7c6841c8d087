// A read one past a local array on the path x < 0 only: a `ptr` error there, replayed under
// AddressSanitizer (stack-buffer-overflow): paths 1, tests 2.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 18
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  volatile int a[3] = {1, 2, 3};
  volatile int *p = a;
  volatile int idx = 3; // a concrete index -O2 cannot see
  if (x < 0)
    sink = p[idx];
  sink = p[2];
  return 0;
}
