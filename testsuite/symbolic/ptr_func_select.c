// A function pointer chosen by a symbolic condition (a select at -O2) is called: one path per target.
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

__attribute__((noinline)) static int inc(int x) { return tag(x + 1); }
__attribute__((noinline)) static int dec(int x) { return tag(x - 1); }

int main(void) {
  int c;
  klee_make_symbolic(&c, sizeof c, "c");
  int (*f)(int) = c > 0 ? inc : dec;
  return f(10);
}
