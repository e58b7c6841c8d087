// Two nested symbolic branches: exactly three paths, one test each.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static int f(int v) { sink = v; return v; }
__attribute__((noinline)) static int g(int v) { sink = v + 1; return v; }
__attribute__((noinline)) static int h(int v) { sink = v + 2; return v; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10) {
    if (x < 20)
      return f(1);
    return g(2);
  }
  return h(0);
}
