// klee_make_symbolic on a constant global: KLEE's "cannot make readonly object symbolic".
// LIBC: none
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: user 12
// EXPECT-MESSAGE: cannot make readonly object symbolic
// NO-REPLAY (natively the write to read-only memory crashes in the replay library, not here)
#include <klee/klee.h>

static const int k = 3;
int main(void) {
  klee_make_symbolic((void *)&k, sizeof k, "k");
  return k;
}
