// klee_range(7, 8) has one value: it returns 7, concrete, and makes no object (the test is
// empty): 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

int main(void) {
  int x = klee_range(7, 8, "x");
  klee_assert(!klee_is_symbolic(x));
  klee_assert(x == 7);
  return 0;
}
