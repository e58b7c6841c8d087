// verify: a reach_error call behind an input-dependent condition is REACHABLE (the witness
// test must replay); the other reach_error call needs x > 100 and x < 50 (infeasible).
// EXPECT-VERDICT: @err REACHABLE
// EXPECT-VERDICT: @never UNREACHABLE
// EXPECT-LISTED: @err main reach_error
// EXPECT-LISTED: @never check reach_error
// CHECK-TEXT
#include <klee/klee.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);

__attribute__((noinline)) void check(int x) {
  if (x > 100) {
    __VERIFIER_assume(x < 50);
    reach_error(); // @never
  }
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  check(x);
  if (x > 10 && y == x * 3 + 1)
    reach_error(); // @err
  return 0;
}
