// A symbolic index with 256 feasible values (more than 64) is one path: no fork per value.
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

unsigned char t[256];

int main(void) {
  unsigned char i;
  klee_make_symbolic(&i, sizeof i, "i");
  t[i] = 1;
  if (t[200] == 1) {
    if (i != 200)
      __builtin_trap();
    return t1();
  }
  return t0();
}
