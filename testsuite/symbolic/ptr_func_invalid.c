// A symbolic integer called as a function: one path per function it may be, an error path otherwise.
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: exec 23
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

__attribute__((noinline)) static int f0(void) { return tag(3); }

int main(void) {
  uintptr_t u;
  klee_make_symbolic(&u, sizeof u, "u");
  klee_assume((u == 64) | (u == (uintptr_t)f0));
  int (*f)(void) = (int (*)(void))u;
  return f();
}
