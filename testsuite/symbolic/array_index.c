// A symbolic array index: one in-bounds path (i < 4, array theory), one out-of-bounds error
// path (i == 4 or 5), and the i >= 6 path.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: ptr 16
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
