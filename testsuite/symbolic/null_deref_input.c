// A pointer that is NULL for one input value: reading through it is a `ptr` error on that
// path (null page access), the other path exits: paths 1, tests 2.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 21
#include <klee/klee.h>

static int cell = 5;
static volatile int sink;
__attribute__((noinline)) static void mark(void) { sink = 3; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int *p = &cell;
  if (x == 77) { // a branch (the call keeps it one at -O2): p is concrete on each path
    mark();
    p = 0;
  }
  sink = *(volatile int *)p;
  return 0;
}
