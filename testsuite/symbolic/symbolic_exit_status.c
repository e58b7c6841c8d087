// A symbolic exit status (a select at -O2) through the C library's exit: one value is chosen.
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 100)
    exit(x > 200 ? 2 : 3);
  return x < 0;
}
