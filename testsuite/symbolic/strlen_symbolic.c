// strlen (the C library's, byte-wise) of a 4-byte symbolic buffer with a NUL at [3]: one path
// per length 0..3: 4 paths.
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <string.h>

int main(void) {
  char s[4];
  klee_make_symbolic(s, sizeof s, "s");
  s[3] = 0;
  size_t n = strlen(s);
  klee_assert(n <= 3);
  return 0;
}
