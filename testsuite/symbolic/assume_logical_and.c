// klee_assume(x > 0 && x < 5) at -O0: the && is a branch, so the path with x <= 0 calls
// klee_assume(0), KLEE's "provably false" user error; the other path goes on: paths 1, tests 2.
// (KLEE's advice: use & in klee_assume.)
// ONLY: O0 (at -O2 the && is a branch-free `and`, one path and no error)
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: user 15
// NO-REPLAY (natively klee_assume(0) is a run-test error, exit 1)
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0 && x < 5);
  klee_assert(x >= 1);
  return 0;
}
