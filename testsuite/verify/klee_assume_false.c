// verify: a klee_assume that is provably false on a path is KLEE's user error `invalid
// klee_assume call (provably false)`, not a silent end (unlike __VERIFIER_assume): trex verify
// reports the target behind it UNKNOWN (`error at` the assume's line), never UNREACHABLE.
// (The contract lists "a false klee_assume" among the normal ends; a klee_assume that is false
// on some values only constrains the path; this one can never hold.)
// EXPECT-VERDICT: @err UNKNOWN error at {file}:{@assume}
#include <klee/klee.h>
extern void reach_error(void);

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 100) {
    klee_assume(x < 50); // @assume
    reach_error(); // @err
  }
  return 0;
}
