// Counting bytes equal to 'a' in a 3-byte symbolic buffer: every byte forks, 2^3 = 8 paths;
// an assertion on the count fails on exactly one of them. (The count goes through a noinline
// call: at -O2 `n += s[i] == 'a'` would be branch-free.)
// LIBC: none
// EXPECT-PATHS: 7
// EXPECT-TESTS: 8
// EXPECT-ERRORS: assert 19
#include <klee/klee.h>

__attribute__((noinline)) static int inc(int n) { return n + 1; }

int main(void) {
  char s[3];
  klee_make_symbolic(s, sizeof s, "s");
  int n = 0;
  for (int i = 0; i < 3; i++)
    if (s[i] == 'a')
      n = inc(n);
  klee_assert(n != 3);
  return 0;
}
