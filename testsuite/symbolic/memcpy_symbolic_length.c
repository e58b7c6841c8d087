// memcpy and memset whose length is an input (coreutils' basename copies a suffix of a
// symbolic length): one exact path per feasible length, smallest first, instead of an
// unsupported end. n in [0, 3]: 4 lengths for the memcpy; the memset's length 4 - n follows.
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <string.h>

int main(void) {
  unsigned n;
  char src[4] = "abc", dst[4];
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n < 4);
  memcpy(dst, src, n);
  memset(dst + n, 'x', 4 - n);
  return dst[0] == 'a' ? 1 : 0;
}
