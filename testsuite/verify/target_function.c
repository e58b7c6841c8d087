// verify: --target-function NAME: every call site of NAME is a target (and nothing else: not
// the reach_error call); one call site is reachable, the other is not.
// VERIFY-OPTIONS: --target-function report
// EXPECT-VERDICT: @yes REACHABLE
// EXPECT-VERDICT: @no UNREACHABLE
// EXPECT-LISTED: @yes main report
// EXPECT-LISTED: @no helper report
#include <klee/klee.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
volatile int sink;
__attribute__((noinline)) void report(int code) { sink = code; }

__attribute__((noinline)) void helper(int x) {
  if (x < -10) {
    __VERIFIER_assume(x > 0);
    report(2); // @no
  }
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  helper(x);
  if (x == 42)
    report(1); // @yes
  if (x == 7)
    reach_error();
  return 0;
}
