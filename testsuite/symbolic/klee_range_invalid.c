// klee_range(5, 5) is an empty range: KLEE's user error "invalid range".
// LIBC: none
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: user 11
// NO-REPLAY (natively klee_report_error aborts: the replay reports it as its own error)
#include <klee/klee.h>

int main(void) {
  volatile int lo = 5;
  int x = klee_range(lo, 5, "x");
  return x;
}
