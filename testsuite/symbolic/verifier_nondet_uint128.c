// __VERIFIER_nondet_uint128 (returned as two 64-bit halves by the x86-64 ABI): the halves are
// the object's low and high 8 bytes; one branch on the top bit: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void top(void) { sink = 1; }

int main(void) {
  unsigned __int128 v = __VERIFIER_nondet_uint128();
  unsigned long long lo = (unsigned long long)v, hi = (unsigned long long)(v >> 64);
  klee_assume(lo == 0x1122334455667788ull);
  klee_assume((hi & 0xffff) == 0x99aa);
  if (v >> 127)
    top();
  unsigned char bytes[16];
  __builtin_memcpy(bytes, &v, sizeof v);
  klee_assert(bytes[0] == 0x88 && bytes[7] == 0x11 && bytes[8] == 0xaa && bytes[9] == 0x99);
  return 0;
}
