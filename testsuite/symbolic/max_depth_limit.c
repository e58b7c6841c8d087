// --max-depth 1: each path forks at most once, then follows true sides: of the 8 paths of
// three independent branches, 2 are explored (the first branch's two sides).
// OPTIONS: --max-depth 1
// NO-CONCOLIC (--max-depth: a forking run follows true sides past it, a concolic run its input)
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
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
