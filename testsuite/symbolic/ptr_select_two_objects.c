// A pointer chosen between two globals by a symbolic condition (a select at -O2) is resolved to each object.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int a = 1, b = 2;

int main(void) {
  int c;
  klee_make_symbolic(&c, sizeof c, "c");
  int *p = c ? &a : &b;
  *p = 5;
  if (a == 5)
    return t1();
  return t0();
}
