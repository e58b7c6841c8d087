// --max-forks 2: after two forks, symbolic branches follow their true side only. Of the 2^3
// paths of three independent branches, 3 are explored.
// OPTIONS: --max-forks 2
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
// NO-CONCOLIC (--max-forks bounds a forking run; the concolic mode bounds iterations)
#include <klee/klee.h>

static volatile int sink;
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
