// memmove with overlapping ranges over symbolic bytes: the moved bytes keep their expressions.
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
  char buf[8];
  klee_make_symbolic(buf, sizeof buf, "buf");
  char b2 = buf[2];
  memmove(buf + 1, buf, 6);
  if (buf[3] != b2)
    __builtin_trap();
  if (buf[3] == 'a')
    return t1();
  return t0();
}
