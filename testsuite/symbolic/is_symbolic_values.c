// klee_is_symbolic: 1 for an input and a value computed from it, 0 for a constant and for an
// expression that folds to a constant (x * 0, x ^ x); no branch: 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  volatile int zero = 0;
  klee_assert(klee_is_symbolic(x) || klee_is_replay());
  klee_assert(klee_is_symbolic(x + 1) || klee_is_replay());
  klee_assert(!klee_is_symbolic(42));
  klee_assert(!klee_is_symbolic(x * zero));
  klee_assert(!klee_is_symbolic(x ^ x));
  return 0;
}
