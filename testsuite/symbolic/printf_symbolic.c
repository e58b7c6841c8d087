// printf of a symbolic value in [0,3) forks in musl's digit loop (x == 0, x > 0); symbolic
// output bytes print one feasible value.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
  int x = klee_range(0, 3, "x");
  const char *s = "n";
  printf("%s=%d\n", s, x);
  return 0;
}
