// An assertion that fails for exactly one input value.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: assert 11
#include <assert.h>
#include <klee/klee.h>

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  assert(x * 7 + 3 != 710);
  return 0;
}
