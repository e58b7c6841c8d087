// klee_get_value_i32 returns one feasible value, concrete, and leaves the input unconstrained
// (KLEE's executeGetValue): the later branch on x == v still forks. x < 0 forks before it:
// 2 * 2 paths.
// LIBC: none
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
// NO-REPLAY (natively klee_get_value_i32 returns its argument: the x != v side cannot be replayed)
// NO-CONCOLIC (klee_get_value returns the input's own value in the concolic mode: x != v never holds)
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
    other(); // x is not fixed to v: this side is feasible too
  return 0;
}
