// A computed goto (indirectbr) through a label table indexed by a symbolic value: one path per label.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  static void *labels[3] = {&&l0, &&l1, &&l2};
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 3);
  goto *labels[i];
l0:
  return t0();
l1:
  return t1();
l2:
  return t2();
}
