// A symbolic array index: in bounds for i < 4, out of bounds for i == 4 or 5.
// LIBC: none
// EXPECT-PATHS: 5
// EXPECT-TESTS: 6
// EXPECT-ERRORS: ptr 15
// (Replayed under AddressSanitizer, which reports the write to a[4].)
#include <klee/klee.h>

int a[4];

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  if (i < 6) {
    a[i] = 1;
    return 0;
  }
  return 1;
}
