// Rotations and byte swaps of a symbolic 32-bit value (llvm.fshl / llvm.bswap at -O2, shifts
// and ors at -O0): their identities hold for every input: 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

static unsigned rotl(unsigned x, int k) { return (x << k) | (x >> (32 - k)); }

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assert(rotl(rotl(x, 8), 24) == x);
  klee_assert((rotl(x, 8) & 0xff) == (x >> 24));
  klee_assert((rotl(x, 8) >> 8) == (x & 0xffffff));
  klee_assert(__builtin_bswap32(__builtin_bswap32(x)) == x);
  klee_assert((__builtin_bswap32(x) & 0xff) == (x >> 24));
  klee_assert(((__builtin_bswap32(x) >> 8) & 0xff) == ((x >> 16) & 0xff));
  return 0;
}
