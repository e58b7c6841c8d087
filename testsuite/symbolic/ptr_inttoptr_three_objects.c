// An integer made symbolic and cast to a pointer that may point into three globals: one path per object.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
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

int x = 1, y = 2, z = 3;

int main(void) {
  uintptr_t u;
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume((u == (uintptr_t)&x) | (u == (uintptr_t)&y) | (u == (uintptr_t)&z));
  *(volatile int *)u = 9;
  return x + y + z;
}
