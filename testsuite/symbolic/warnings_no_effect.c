// klee_warning / klee_warning_once print (KLEE: WARNING) and change nothing: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void odd(void) { sink = 1; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  for (int i = 0; i < 3; i++)
    klee_warning_once("printed once");
  if (x & 1) {
    odd();
    klee_warning("odd input");
  }
  return 0;
}
