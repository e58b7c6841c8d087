// A switch where case 4 jumps to the default's block: cases 4 and default are one path, case 7
// another: 2 paths (KLEE forks per distinct target).
// ONLY: O2 (at -O0 clang gives case 4 its own block, which falls through to the default's)
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void seven(void) { sink = 7; }
__attribute__((noinline)) static void rest(void) { sink = 0; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  switch (x) {
  case 7:
    seven();
    break;
  case 4:
  default:
    rest();
    break;
  }
  return 0;
}
