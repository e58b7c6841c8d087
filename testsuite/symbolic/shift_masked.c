// A shift amount masked to 0..31 (`s & 31`): never an overshift; branches on the result's low
// bit: 2 paths (s == 0 gives an odd result).
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void odd(void) { sink = 1; }

int main(void) {
  unsigned s;
  klee_make_symbolic(&s, sizeof s, "s");
  unsigned v = 1u << (s & 31);
  if (v & 1)
    odd();
  return 0;
}
