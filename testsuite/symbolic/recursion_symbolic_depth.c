// Recursion whose depth is a symbolic input in [0, 4): one path per depth, 4 paths; an
// assertion checks the result on each.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;

// (The volatile store keeps -O2 from computing the sum in closed form.)
__attribute__((noinline)) static int tri(int n) {
  sink = n;
  if (n == 0)
    return 0;
  return n + tri(n - 1);
}

int main(void) {
  int n = klee_range(0, 4, "n");
  klee_assert(tri(n) * 2 == n * (n + 1));
  return 0;
}
