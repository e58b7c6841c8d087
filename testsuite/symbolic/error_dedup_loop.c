// The same failing assertion reached on several paths (k = 1, 2, 3 of a symbolic k in [0, 4))
// is reported once: 1 error test; the other two failing paths end without a test.
// Paths: k == 0 exits.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: assert 15
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  int k = klee_range(0, 4, "k");
  for (int i = 0; i < k; i++) sink = i;
  klee_assert(k == 0);
  return 0;
}
