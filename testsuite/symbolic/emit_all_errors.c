// --emit-all-errors: the same failing assertion reached on three paths (k = 1, 2, 3) gives
// three error tests instead of one.
// OPTIONS: --emit-all-errors
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 4
// EXPECT-ERRORS: assert 15, assert 15, assert 15
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  int k = klee_range(0, 4, "k");
  for (int i = 0; i < k; i++) sink = i;
  klee_assert(k == 0);
  return 0;
}
