// verify: soundness of pruning. Fig. 4's loop (6 branches), then two targets each reached by a
// single combination only: all six `up` (s == 6) and all six `down` (s == -6). Interpolation
// must not prune either path: both REACHABLE, in one run for both targets and one at a time.
// EXPECT-VERDICT: @all_up REACHABLE
// EXPECT-VERDICT: @all_down REACHABLE
// EXPECT-VERDICT: @never UNREACHABLE
// ALSO-ONE-AT-A-TIME
#include <stdlib.h>
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }

int main(void) {
  unsigned char b[6];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 6; i++) {
    if (b[i])
      s = up(s);
    else
      s = down(s);
  }
  if (s == 6)
    reach_error(); // @all_up
  if (s == -6)
    abort(); // @all_down
  klee_assert(s <= 6); // @never
  return 0;
}
