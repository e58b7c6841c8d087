// Interpolation inside recursion: depth-5 recursion, each level branching on its own input
// bit; the key of a node includes the call stack, so only nodes at the same depth subsume each
// other.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 32
// EXPECT-TESTS: 32
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 8
#include <klee/klee.h>
unsigned char in[5];
volatile int calls;
__attribute__((noinline)) int one(void) { calls++; return 1; }
__attribute__((noinline)) int two(void) { calls += 2; return 2; }
int rec(int d, int acc) {
  if (d == 5) return acc;
  int v;
  if (in[d]) v = one(); else v = two();
  return rec(d + 1, acc + v);
}
int main(void) {
  klee_make_symbolic(in, sizeof in, "in");
  int r = rec(0, 0);
  klee_assert(r >= 5 && r <= 10);
  return 0;
}
