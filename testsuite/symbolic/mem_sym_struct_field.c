// Struct fields written through a symbolic array-of-structs index, then read at concrete indices.
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
// LIBC: none
#include <klee/klee.h>
static volatile int sink;
/* Distinct functions keep -O2 from merging the branches into selects. */
__attribute__((noinline)) static int tag(int k) { sink = k; return k; }
__attribute__((noinline)) static int t0(void) { sink = 0; return 0; }
__attribute__((noinline)) static int t1(void) { sink = 1; return 1; }
__attribute__((noinline)) static int t2(void) { sink = 2; return 2; }

struct S {
  int a;
  char b;
  short c;
};
struct S arr[4];

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 4);
  arr[i].c = 7;
  arr[i].b = 'q';
  if (arr[3].c == 7)
    return t1();
  if (arr[1].b == 'q')
    return t2();
  return t0();
}
