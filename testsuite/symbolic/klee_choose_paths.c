// klee_choose(3): values 0, 1, 2 only; a switch over them with a default that must not be
// taken: 3 paths.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void c0(void) { sink = 10; }
__attribute__((noinline)) static void c1(void) { sink = 11; }
__attribute__((noinline)) static void c2(void) { sink = 12; }

int main(void) {
  unsigned long k = klee_choose(3);
  switch (k) {
  case 0: c0(); break;
  case 1: c1(); break;
  case 2: c2(); break;
  default: klee_abort();
  }
  return 0;
}
