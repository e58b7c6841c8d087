// A heap object freed on one branch and read afterwards: a use-after-free `ptr` error on the
// freeing path, a normal exit on the other: paths 1, tests 2.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 21
#include <klee/klee.h>
#include <stdlib.h>

static volatile int sink;
__attribute__((noinline)) static void release(int *p) { free(p); }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int *p = malloc(4 * sizeof *p);
  p[0] = 1;
  if (x > 1000)
    release(p);
  sink = 2;
  volatile int *q = p;
  sink = q[0];
  return 0;
}
