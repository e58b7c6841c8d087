// A loop whose bound is klee_range(0, 5): one path per trip count, 5 paths.
// LIBC: none
// EXPECT-PATHS: 5
// EXPECT-TESTS: 5
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  int n = klee_range(0, 5, "n");
  int sum = 0;
  for (int i = 0; i < n; i++) {
    sink = i;
    sum += i;
  }
  klee_assert(sum == n * (n - 1) / 2);
  return 0;
}
