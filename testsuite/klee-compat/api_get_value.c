// klee_get_value{f,d,l,ll,_i32,_i64} (KLEE's API): one value the argument can have on the
// path, which the path then keeps (the value is fixed: the next branch on it does not fork);
// a concrete argument (floating point is always concrete in trex) comes back unchanged.
// TREX: -libc=none prog.bc
// EXPECT-DONE: completed paths = 1
// EXPECT-STDERR: TREX: program exited with status 0
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  klee_assume(x > 100);
  klee_assume(x < 103);
  int v = klee_get_value_i32(x);
  if (v != x || v <= 100 || v >= 103)
    return 1;
  long long big = klee_get_valuell((long long)x * 4);
  if (big != (long long)x * 4)
    return 2;
  if (klee_get_valuel(x) != x || klee_get_value_i64(x) != x)
    return 3;
  if (klee_get_valuef(1.5f) != 1.5f || klee_get_valued(-2.25) != -2.25)
    return 4;
  // Fixed: x is v on the path, one path here.
  if (x == 101)
    return 0;
  return 0;
}
