// A switch over klee_range(0, 6) with cases 0, 2, 4, 5 and a default (1 and 3): 5 paths.
// LIBC: none
// EXPECT-PATHS: 5
// EXPECT-TESTS: 5
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void c0(void) { sink = 10; }
__attribute__((noinline)) static void c2(void) { sink = 12; }
__attribute__((noinline)) static void c4(void) { sink = 14; }
__attribute__((noinline)) static void c5(void) { sink = 15; }
__attribute__((noinline)) static void odd(void) { sink = 1; }

int main(void) {
  int x = klee_range(0, 6, "x");
  switch (x) {
  case 0: c0(); break;
  case 2: c2(); break;
  case 4: c4(); break;
  case 5: c5(); break;
  default: odd(); break;
  }
  return 0;
}
