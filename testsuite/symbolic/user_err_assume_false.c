// klee_assume of a condition that is provably false on the path (x > 5 then x < 3): KLEE's
// user error "invalid klee_assume call (provably false)" there; the other path exits.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: user 16
// NO-REPLAY (natively klee_assume(0) is a run-test error, exit 1, not a signal)
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 5)
    klee_assume(x < 3);
  sink = x;
  return 0;
}
