// Three symbolic objects of different sizes and names (a char, a short, a 3-byte array):
// tests list them in creation order; a branch on each: 2^3 = 8 paths.
// LIBC: none
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void a(void) { sink += 1; }
__attribute__((noinline)) static void b(void) { sink += 2; }
__attribute__((noinline)) static void c(void) { sink += 4; }

int main(void) {
  char ch;
  short sh;
  unsigned char buf[3];
  klee_make_symbolic(&ch, sizeof ch, "ch");
  klee_make_symbolic(&sh, sizeof sh, "sh");
  klee_make_symbolic(buf, sizeof buf, "buf");
  if (ch == 'x')
    a();
  if (sh < 0)
    b();
  if (buf[2] == buf[0])
    c();
  return 0;
}
