// klee_assert fails for x in [100, 110) only after the branch x >= 100 (an assertion error
// test), passes elsewhere: paths 2, tests 3.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 17
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void big(void) { sink = 1; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x >= 100) {
    big();
    klee_assert(x >= 110);
  }
  return 0;
}
