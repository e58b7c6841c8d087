// Interpolation and call sites: the same function (3 symbolic branches inside) is called from
// two call sites; its nodes at the second call site have another call stack, so they are
// never subsumed by entries learnt at the first.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 64
// EXPECT-TESTS: 64
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 10
#include <klee/klee.h>
unsigned char in[6];
__attribute__((noinline)) int plus(int s) { return s + 1; }
__attribute__((noinline)) int minus(int s) { return s - 1; }
__attribute__((noinline)) int walk(int base, int s) {
  for (int i = 0; i < 3; i++) {
    if (in[base + i]) s = plus(s); else s = minus(s);
  }
  return s;
}
int main(void) {
  klee_make_symbolic(in, sizeof in, "in");
  int s = walk(0, 0);
  s = walk(3, s);
  klee_assert(s >= -6 && s <= 6);
  return 0;
}
