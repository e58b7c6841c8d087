// Flag masks on a symbolic byte: a test of (f & 0x3) == 0x3 and of bit 7, independent: 4 paths;
// power-of-two check x & (x - 1) folds to assertions only.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void both_low(void) { sink += 1; }
__attribute__((noinline)) static void top(void) { sink += 2; }

int main(void) {
  unsigned char f;
  klee_make_symbolic(&f, sizeof f, "f");
  if ((f & 0x3) == 0x3)
    both_low();
  if (f & 0x80)
    top();
  unsigned p = 1u << (f & 7);
  klee_assert((p & (p - 1)) == 0);
  klee_assert(((f | 0xf0) & 0x0f) == (f & 0x0f));
  return 0;
}
