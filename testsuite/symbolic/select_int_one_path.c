// At -O2 a max() of two inputs is an integer `select`: no fork, one symbolic value, so the
// only path split comes from the later branch m == 5: 2 paths. (At -O0 the ?: is a branch and
// gives 4 paths, hence -O2 only.)
// ONLY: O2 (the shape under test, a select, is what -O2 makes of the ?: branch)
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void five(void) { sink = 5; }

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  int m = x > y ? x : y;
  if (m == 5)
    five();
  return 0;
}
