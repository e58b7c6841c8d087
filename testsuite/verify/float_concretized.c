// verify: symbolic floating point on a path is made concrete (one value, as KLEE does), so the
// unreachable target cannot be claimed UNREACHABLE: UNKNOWN (floating point concretized).
// EXPECT-VERDICT: @err UNKNOWN floating point concretized
#include <klee/klee.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
volatile float k = 0.25f;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int r = 0;
  if (x > 1000) {
    float f = (float)x * k;
    if (f > 1.5f)
      r = 1;
  }
  if (x < 0) {
    __VERIFIER_assume(x > 10);
    reach_error(); // @err
  }
  return r;
}
