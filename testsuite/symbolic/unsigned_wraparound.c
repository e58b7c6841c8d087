// Unsigned arithmetic wraps modulo 2^32: for x >= 0xfffffff0 the sum x + 0x20 is smaller
// than x; assertions check the wrapped values exactly on both sides: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void wrapped(void) { sink = 1; }

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  unsigned y = x + 0x20u;
  if (y < x) {
    wrapped();
    klee_assert(x >= 0xffffffe0u);
    klee_assert(y == x - 0xffffffe0u);
  } else {
    klee_assert(x < 0xffffffe0u);
  }
  klee_assert((unsigned)(x * 0u - x) == -x);
  return 0;
}
