// Each path exits with its own status through exit(): 3 paths (statuses 1, 2, 3); the native
// replay exits the same way (normal exits).
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
  int x = klee_range(0, 30, "x");
  if (x < 10)
    exit(1);
  if (x < 20)
    exit(2);
  exit(3);
}
