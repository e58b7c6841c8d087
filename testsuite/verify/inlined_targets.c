// verify: a target in a small function called from two places: one call site at -O0, two
// (inlined into main, same source line) at -O2; each must be reached through its own caller:
// the first with x == 5, the second with y == 5. Also a target in a function only called
// through a function pointer.
// EXPECT-VERDICT: @in REACHABLE
// EXPECT-VERDICT: @fp REACHABLE
// ALSO-ONE-AT-A-TIME
#include <klee/klee.h>
extern void reach_error(void);

static inline void check(int v) {
  if (v == 5)
    reach_error(); // @in
}

static void by_pointer(int v) {
  if (v == -7)
    reach_error(); // @fp
}

void (*volatile fptr)(int) = by_pointer;

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (x > 0)
    check(x);
  else
    fptr(x);
  if (y < 0)
    check(y + 10);
  return 0;
}
