// Three independent sequential branches on bits of one input: 2^3 = 8 paths.
// LIBC: none
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
// A conditional call without an else cannot become a select at -O2.
__attribute__((noinline)) static void a(void) { sink += 1; }
__attribute__((noinline)) static void b(void) { sink += 2; }
__attribute__((noinline)) static void c(void) { sink += 4; }

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x & 1)
    a();
  if (x & 2)
    b();
  if (x & 4)
    c();
  return 0;
}
