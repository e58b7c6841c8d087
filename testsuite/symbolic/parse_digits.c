// An atoi-like parser over a 2-byte symbolic buffer (leading digits): paths: no digit, one
// digit, two digits (3); the value 42 is split off the last by a failing assertion. (One
// unsigned range check per byte: -O2 would merge `c < '0' || c > '9'` into it anyway.)
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: assert 23
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static int digit(char c) { return c - '0'; }

int main(void) {
  char s[2];
  klee_make_symbolic(s, sizeof s, "s");
  int v = 0;
  for (int i = 0; i < 2; i++) {
    if ((unsigned char)(s[i] - '0') > 9)
      break;
    v = v * 10 + digit(s[i]);
  }
  sink = v;
  klee_assert(v != 42);
  return 0;
}
