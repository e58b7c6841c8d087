// klee_get_value_i32 picks one feasible value and fixes the input to it: the later branch on
// x == v cannot fork (1 path); before it, x < 0 forks: 2 paths in all.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void neg(void) { sink = 1; }
__attribute__((noinline)) static void other(void) { sink = 2; }

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x < 0)
    neg();
  int v = klee_get_value_i32(x);
  klee_assert(!klee_is_symbolic(v));
  if (x != v)
    other(); // never: x == v on the path now
  klee_assert(sink != 2);
  return 0;
}
