// printf("%c") and putchar of a symbolic byte: output bytes take one feasible value without
// splitting the path (no digit loop as for %d): 1 path.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
  char c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_assume((c >= 'a') & (c <= 'z'));
  printf("[%c]\n", c);
  putchar(c);
  putchar('\n');
  return 0;
}
