// verify: UNREACHABLE with nothing to prune: a single path (the assumption makes the guard of
// the target infeasible), no subsumed path.
// EXPECT-VERDICT: @err UNREACHABLE
// EXPECT-SUBSUMED: 0
#include <klee/klee.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 100);
  if (x > 200)
    reach_error(); // @err
  return 0;
}
