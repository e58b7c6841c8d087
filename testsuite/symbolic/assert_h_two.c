// assert() from <assert.h> (musl's __assert_fail) twice: each fails on its own input
// region: paths 1, tests 3, two assert errors.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 13, assert 14
#include <assert.h>
#include <klee/klee.h>

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  assert(x != 12345);
  assert(y < 1000000);
  return 0;
}
