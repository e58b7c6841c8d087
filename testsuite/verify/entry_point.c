// verify: --entry-point other: other's target is REACHABLE; main never runs, so main's target
// is UNREACHABLE.
// VERIFY-OPTIONS: --entry-point other
// EXPECT-VERDICT: @other REACHABLE
// EXPECT-VERDICT: @main UNREACHABLE
#include <klee/klee.h>
extern void reach_error(void);

__attribute__((noinline)) int other(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 9)
    reach_error(); // @other
  return 0;
}

int main(void) {
  int y;
  klee_make_symbolic(&y, sizeof y, "y");
  if (y == 3)
    reach_error(); // @main
  return other();
}
