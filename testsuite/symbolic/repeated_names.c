// Two objects with the same name ("v", as klee_int("v") twice): the test keeps both under that
// name, in order, and the native replay takes them in order: a == b or not: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void same(void) { sink = 1; }

int main(void) {
  int a = klee_int("v");
  int b = klee_int("v");
  if (a == b)
    same();
  return 0;
}
