// A symbolic value written at a symbolic index and read back at another symbolic index.
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

int a[6];

int main(void) {
  unsigned i, j;
  int v;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&j, sizeof j, "j");
  klee_make_symbolic(&v, sizeof v, "v");
  klee_assume(i < 6);
  klee_assume(j < 6);
  a[i] = v;
  if (a[j] == 42) {
    if ((i != j) | (v != 42))
      __builtin_trap();
    return t1();
  }
  return t0();
}
