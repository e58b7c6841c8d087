// verify: targets that return (--target-function on an ordinary function, --target on a plain
// line) do not end the path: a second target reached only after the first one, on the same
// path, must be found in the run for all targets too (not reported UNREACHABLE because the
// path stopped at the first target).
// VERIFY-OPTIONS: --target-function report --target {file}:{@line_after}
// EXPECT-VERDICT: @first REACHABLE
// EXPECT-VERDICT: @second REACHABLE
// EXPECT-VERDICT: @line_after REACHABLE
// EXPECT-VERDICT: @never UNREACHABLE
// EXPECT-DELETED-O2: @never (x == 42 && y == 3 implies x + y == 45: -O2 folds the guard)
// ALSO-ONE-AT-A-TIME
#include <klee/klee.h>
volatile int sink;
__attribute__((noinline)) void report(int code) { sink = code; }

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (x == 42) {
    report(1); // @first
    if (y == 3) {
      report(2); // @second
      sink = 9; // @line_after
    }
  }
  if (x == 42 && y == 3 && x + y != 45)
    report(3); // @never
  return 0;
}
