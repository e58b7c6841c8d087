// klee_make_symbolic with a size that is not the object's: KLEE's user error, no crash.
// LIBC: none
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: user 14
// EXPECT-MESSAGE: Wrong size given to klee_make_symbolic
// NO-REPLAY (the replay library reports the size mismatch as a run-test error, exit 1)
#include <klee/klee.h>

int main(void) {
  int x = 5;
  char c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_make_symbolic(&x, 2, "x");
  return x == c;
}
