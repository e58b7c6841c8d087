// A symbolic integer used as a pointer may be null: a null page error path and a valid path.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: ptr 22
// LIBC: none
// NO-REPLAY (the input is an address of trex's memory)
#include <klee/klee.h>
#include <stdint.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int g = 4;

int main(void) {
  uintptr_t u;
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume((u == 0) | (u == (uintptr_t)&g));
  volatile int r = *(volatile int *)u;
  return r;
}
