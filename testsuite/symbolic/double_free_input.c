// A heap object freed twice when the input is even: a `ptr` error (KLEE's double free) on
// that path, a normal exit on the other: paths 1, tests 2.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 18
#include <klee/klee.h>
#include <stdlib.h>

__attribute__((noinline)) static void release(char *p) { free(p); }

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  char *p = malloc(8);
  p[0] = 'a';
  release(p);
  if ((x & 1) == 0)
    free(p);
  return 0;
}
