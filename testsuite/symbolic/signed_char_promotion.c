// Sign extension of a symbolic signed char versus zero extension of the same byte as unsigned:
// they differ exactly when the byte is >= 0x80: 2 paths, assertions check both views.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void high(void) { sink = 1; }

int main(void) {
  signed char c;
  klee_make_symbolic(&c, sizeof c, "c");
  int s = c;
  int u = (unsigned char)c;
  if (s != u) {
    high();
    klee_assert(s < 0);
    klee_assert(u == s + 256);
  } else {
    klee_assert(s >= 0);
  }
  return 0;
}
