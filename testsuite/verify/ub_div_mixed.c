// verify: a division by a symbolic divisor that may be zero (undefined behaviour on one path):
// a target reached on another path is still REACHABLE; an unreachable one is UNKNOWN
// (undefined behaviour at the division's line), not UNREACHABLE.
// EXPECT-VERDICT: @yes REACHABLE
// EXPECT-VERDICT: @no UNKNOWN undefined behaviour at {file}:{@div}
#include <klee/klee.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x, d;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&d, sizeof d, "d");
  __VERIFIER_assume(x >= 0 && x < 1000);
  int q = x / d; // @div
  if (x == 500 && d == 7)
    reach_error(); // @yes
  if (q > 1000)
    reach_error(); // @no
  return 0;
}
