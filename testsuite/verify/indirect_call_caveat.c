// verify: reach_error (only declared) is also called through a function pointer: its direct
// call site is unreachable itself (UNREACHABLE), and the indirect calls get a target of their
// own, reach_error@entry, which cannot be watched (no body): UNKNOWN, never UNREACHABLE.
// EXPECT-VERDICT: @direct UNREACHABLE
// EXPECT-VERDICT: reach_error@entry UNKNOWN unsupported construct: indirect calls
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
