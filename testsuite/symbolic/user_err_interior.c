// klee_make_symbolic on part of an object (an array element): KLEE's resolveExact finds no
// object starting there, `memory error: invalid pointer: make_symbolic`.
// LIBC: none
// EXPECT-PATHS: 0
// EXPECT-TESTS: 1
// EXPECT-ERRORS: ptr 13
// NO-REPLAY (natively any part of an object can be filled: the error is trex's, as KLEE's)
#include <klee/klee.h>

int main(void) {
  int a[4] = {0};
  if (a[0] == 0)
    klee_make_symbolic(&a[1], sizeof a[1], "a1");
  return a[1];
}
