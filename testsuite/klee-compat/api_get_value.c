// klee_get_value{f,d,l,ll,_i32,_i64} (KLEE's API): one value the argument can have on the
// path, concrete, without constraining the argument (KLEE's executeGetValue: a later branch on
// it still forks); a concrete argument (floating point is always concrete in trex) comes back
// unchanged.
// TREX: -libc=none prog.bc
// EXPECT-DONE: completed paths = 2
// EXPECT-COUNT: klee-last .err 0
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  klee_assume(x > 100);
  klee_assume(x < 103);
  int v = klee_get_value_i32(x);
  if (klee_is_symbolic(v) || v <= 100 || v >= 103)
    klee_abort();
  long long big = klee_get_valuell((long long)x * 4);
  if (big <= 400 || big >= 412 || big % 4)
    klee_abort();
  long l = klee_get_valuel(x);
  long long i64 = klee_get_value_i64(x);
  if (l <= 100 || l >= 103 || i64 <= 100 || i64 >= 103)
    klee_abort();
  if (klee_get_valuef(1.5f) != 1.5f || klee_get_valued(-2.25) != -2.25)
    klee_abort();
  // x is not fixed: both sides.
  if (x == v)
    return 0;
  return 1;
}
