// A switch on an input assumed outside every case: only the default is feasible, 1 path.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void c1(void) { sink = 1; }
__attribute__((noinline)) static void c2(void) { sink = 2; }
__attribute__((noinline)) static void c3(void) { sink = 3; }
__attribute__((noinline)) static void dflt(void) { sink = 4; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 100);
  switch (x) {
  case 1: c1(); break;
  case 50: c2(); break;
  case 100: c3(); break;
  default: dflt(); break;
  }
  return 0;
}
