// verify: reach_error is also called through a function pointer (indirect calls are not
// watched): its direct call site, unreachable itself, cannot be claimed UNREACHABLE: UNKNOWN.
// The reason must still be one of the contract's prefixes.
// EXPECT-VERDICT: @direct UNKNOWN
#include <klee/klee.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
void (*volatile handler)(void) = reach_error;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 5)
    handler();
  if (x > 6) {
    __VERIFIER_assume(x < 4);
    reach_error(); // @direct
  }
  return 0;
}
