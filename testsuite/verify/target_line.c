// verify: --target FILE:LINE (repeatable): only those lines are targets (the reach_error call is
// not); a line reached on one path is REACHABLE, a line behind an infeasible guard UNREACHABLE.
// VERIFY-OPTIONS: --target {file}:{@here} --target {file}:{@never}
// EXPECT-VERDICT: @here REACHABLE
// EXPECT-VERDICT: @never UNREACHABLE
// EXPECT-LISTED: @here main {file}:{@here}
// EXPECT-LISTED: @never main {file}:{@never}
#include <klee/klee.h>
extern void reach_error(void);
volatile int sink;

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x < 1000);
  if (x == 123)
    sink = 1; // @here
  if (x > 5000)
    sink = 2; // @never
  if (x == 7)
    reach_error();
  return 0;
}
