// __builtin_add_overflow / __builtin_mul_overflow on symbolic ints (llvm.*.with.overflow):
// the overflow flag forks (2 paths each, 4 in all) and the wrapped result is checked against
// 64-bit arithmetic.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void add_ovf(void) { sink += 1; }
__attribute__((noinline)) static void mul_ovf(void) { sink += 2; }

int main(void) {
  int a, b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  int s, p;
  if (__builtin_add_overflow(a, b, &s)) {
    add_ovf();
    long long w = (long long)a + b;
    klee_assert((w > 2147483647LL) | (w < -2147483648LL));
  }
  klee_assert(s == (int)(unsigned)((unsigned)a + (unsigned)b));
  if (__builtin_mul_overflow(a, 3, &p))
    mul_ovf();
  klee_assert(p == (int)((unsigned)a * 3u));
  return 0;
}
