// memcpy of symbolic data between overlapping halves of one buffer via memmove, then a symbolic-index read.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <string.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

int main(void) {
  unsigned char d[6];
  unsigned k;
  klee_make_symbolic(d, sizeof d, "d");
  klee_make_symbolic(&k, sizeof k, "k");
  klee_assume(k < 4);
  unsigned char keep = d[1];
  memmove(d + 2, d, 4); /* d[2..5] = old d[0..3] */
  /* d[k + 2] == old d[k] */
  if (d[k + 2] == 0x55) {
    if ((k == 1) & (keep != 0x55))
      __builtin_trap();
    return t1();
  }
  return t0();
}
