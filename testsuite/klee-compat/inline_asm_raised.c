// The inline assembly KLEE runs (its RaiseAsm pass): an empty `asm volatile("" ::: "memory")`
// (a compiler barrier) is a fence, and x86's byte swaps written in assembly (`bswap`,
// `rorw $8`) are llvm.bswap, on symbolic values too; other assembly stays an error
// (inline_asm).
// TREX: -libc=none prog.bc
// EXPECT-COUNT: klee-last .exec.err 0
// EXPECT-COUNT: klee-last .assert.err 0
// EXPECT-NO-STDERR: inline assembly
// EXPECT-DONE: completed paths = 2
#include "klee/klee.h"

int main(void) {
  unsigned x = klee_int("x");
  unsigned long long y = x * 0x100000001ull;
  unsigned short h = (unsigned short)x;
  __asm__ volatile("" ::: "memory");
  unsigned sx = x;
  __asm__("bswap %0" : "=r"(sx) : "0"(sx));
  unsigned long long sy = y;
  __asm__("bswapq %q0" : "=r"(sy) : "0"(sy));
  unsigned short sh = h;
  __asm__("rorw $8, %w0" : "=r"(sh) : "0"(sh) : "cc");
  klee_assert(sx == __builtin_bswap32(x));
  klee_assert(sy == __builtin_bswap64(y));
  klee_assert(sh == __builtin_bswap16(h));
  // One branch on the swapped value: two paths.
  if (sx == 0x01020304u)
    return 1;
  return 0;
}
