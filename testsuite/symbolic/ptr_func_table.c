// A table of function pointers indexed by a symbolic value: one path per function.
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
// LIBC: none
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
__attribute__((noinline)) static int f3(void) { return tag(13); }
int (*tab[4])(void) = {f0, f1, f2, f3};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 4);
  return tab[i]();
}
