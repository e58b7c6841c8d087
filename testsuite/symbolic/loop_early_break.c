// A search loop that breaks at the first zero byte of a 4-byte symbolic buffer: 5 paths
// (found at 0, 1, 2, 3, or not found).
// LIBC: none
// EXPECT-PATHS: 5
// EXPECT-TESTS: 5
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int i;
  for (i = 0; i < 4; i++) {
    if (b[0 + i] == 0)
      break;
    sink = i;
  }
  klee_assert(i == 4 || b[i] == 0);
  return 0;
}
