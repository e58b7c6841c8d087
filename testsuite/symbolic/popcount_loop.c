// A Kernighan popcount loop (x &= x - 1) over a symbolic byte: one path per bit count 0..8,
// 9 paths; each checks the count against __builtin_popcount.
// LIBC: none
// EXPECT-PATHS: 9
// EXPECT-TESTS: 9
// EXPECT-ERRORS: none
#include <klee/klee.h>

int main(void) {
  unsigned char b;
  klee_make_symbolic(&b, sizeof b, "b");
  unsigned x = b;
  int n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  klee_assert(n == __builtin_popcount(b));
  return 0;
}
