// klee_prefer_cex only prefers test values; it neither forks nor constrains: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void big(void) { sink = 1; }

int main(void) {
  unsigned char c;
  klee_make_symbolic(&c, sizeof c, "c");
  klee_prefer_cex(&c, c >= 'a');
  klee_prefer_cex(&c, c <= 'z');
  if (c > 200)
    big();
  return 0;
}
