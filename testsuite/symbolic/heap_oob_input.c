// A write at an input-chosen constant offset of a 4-int heap array: the branch x == 9 writes
// p[4], one past the end: a `ptr` error there (replayed under AddressSanitizer): paths 1,
// tests 2.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 18
#include <klee/klee.h>
#include <stdlib.h>

static volatile int sink;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  volatile int *p = malloc(4 * sizeof(int));
  p[3] = 1;
  if (x == 9)
    p[4] = 2;
  sink = p[3];
  free((void *)p);
  return 0;
}
