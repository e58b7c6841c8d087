// Sequential branches on the same input that depend on each other: 3 paths, not 4.
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void a(void) { sink += 1; }
__attribute__((noinline)) static void b(void) { sink += 2; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 10)
    a();
  if (x > 20) // only feasible after x > 10
    b();
  return 0;
}
