// klee_assume restricts the input: the branch on x == 7 is infeasible.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static int f(int v) { sink = v; return v; }
__attribute__((noinline)) static int g(int v) { sink = v + 1; return v; }
__attribute__((noinline)) static int h(int v) { sink = v + 2; return v; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0);
  klee_assume(x < 5);
  if (x == 7)
    return f(1);
  if (x == 3)
    return g(3);
  return h(0);
}
