// A function pointer table read with an index that may be past its end: an error path, then one path per function.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 4
// EXPECT-ERRORS: ptr 24
// LIBC: none
// NO-REPLAY (reading past the table natively does not crash)
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

__attribute__((noinline)) static int f0(void) { return tag(10); }
__attribute__((noinline)) static int f1(void) { return tag(11); }
__attribute__((noinline)) static int f2(void) { return tag(12); }
int (*volatile tab[3])(void) = {f0, f1, f2};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 5);
  int (*f)(void) = tab[i];
  return f();
}
