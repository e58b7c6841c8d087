// Soundness: a path with x > 10 never fails the later check x > 5; a path with x <= 10 reaches
// the same point and must not be pruned by what the first one learnt (the interpolant keeps
// x > 5, which the second path does not imply).
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 23
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 0
#include <klee/klee.h>
volatile int calls;
__attribute__((noinline)) int a(int x) { calls++; return x + 0; }
__attribute__((noinline)) int b(int x) { calls += 2; return x * 1; }
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0);
  klee_assume(x < 100);
  int y;
  if (x > 10) y = a(x); else y = b(x);
  if (y > 5) return 0;
  klee_assert(0);
  return 1;
}
