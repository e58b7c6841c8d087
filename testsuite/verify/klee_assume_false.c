// verify: a klee_assume that is false on a path (provably false there: KLEE's user error
// `invalid klee_assume call`) just ends that path, as the contract lists it among the normal
// ends: the target behind it is UNREACHABLE.
// EXPECT-VERDICT: @err UNREACHABLE
#include <klee/klee.h>
extern void reach_error(void);

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 100) {
    klee_assume(x < 50);
    reach_error(); // @err
  }
  return 0;
}
