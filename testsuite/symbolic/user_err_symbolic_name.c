// An object name whose bytes are symbolic: a user error (KLEE aborts on it), not a crash.
// LIBC: none
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: user 14
// NO-REPLAY (natively the name is just a string)
#include <klee/klee.h>

int main(void) {
  char name[4];
  klee_make_symbolic(name, sizeof name, "name");
  name[3] = 0;
  int x;
  klee_make_symbolic(&x, sizeof x, name);
  return x;
}
