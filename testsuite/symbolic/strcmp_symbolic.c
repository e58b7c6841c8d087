// strcmp of a 3-byte symbolic string (NUL at [2]) against "ok": the byte loop stops where
// they differ: s[0] != 'o', s[0] == 'o' && s[1] != 'k' (2 paths), or the strings are equal,
// which fails the assertion.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 14
#include <klee/klee.h>
#include <string.h>

int main(void) {
  char s[3];
  klee_make_symbolic(s, sizeof s, "s");
  s[2] = 0;
  klee_assert(strcmp(s, "ok") != 0);
  return 0;
}
