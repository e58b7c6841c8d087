// At -O2 the loop is vectorized: the four symbolic bytes are one vector load and one vector
// comparison, which trex does not execute on symbolic elements. It must say so, as an
// unsupported construct at the loop's line (it panicked: the check looked at the vector, not
// its elements). One path, ended by the error.
// ONLY: O2 (-O0 keeps the loop scalar: 16 paths)
// LIBC: none
// NO-REPLAY (the native program runs the loop; the error is trex's limit, not the program's)
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: exec 21
// EXPECT-MESSAGE: unsupported: symbolic value in a vector comparison
#include <klee/klee.h>

int a[4];

int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int sum = 0;
  for (int i = 0; i < 4; i++) {
    if (b[i])
      a[i] = 1;
    else
      a[i] = 0;
  }
  for (int i = 0; i < 4; i++)
    sum += a[i];
  return sum;
}
