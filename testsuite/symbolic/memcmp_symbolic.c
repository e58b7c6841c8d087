// memcmp of a 2-byte symbolic buffer with "hi": the byte loop stops at the first difference
// (b[0] != 'h', or b[0] == 'h' && b[1] != 'i': 2 paths); equal buffers reach the abort.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: abort 13
#include <klee/klee.h>
#include <string.h>

int main(void) {
  char b[2];
  klee_make_symbolic(b, sizeof b, "b");
  if (memcmp(b, "hi", 2) == 0)
    klee_abort();
  return 0;
}
