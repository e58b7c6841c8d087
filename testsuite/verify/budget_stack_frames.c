// verify: a budget hit inside a subtree that interpolation would otherwise prune. Fig. 4's loop
// (4 branches), then on one side of a branch a recursion deeper than --max-stack-frames=20:
// the target (s > 4) is unreachable, but a path ended by the budget, so neither mode may
// claim UNREACHABLE: UNKNOWN (stack-frame budget) in both.
// VERIFY-OPTIONS: --max-stack-frames=20
// EXPECT-VERDICT: @err UNKNOWN stack-frame budget
#include <klee/klee.h>
extern void reach_error(void);

int depth(int n);
/* Called through a volatile pointer: the optimizer can neither inline nor turn the
   recursion into a loop. */
int (*volatile rec)(int) = depth;
int depth(int n) { return n == 0 ? 0 : 1 + rec(n - 1); }

__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }

int main(void) {
  unsigned char b[5];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 4; i++) {
    if (b[i])
      s = up(s);
    else
      s = down(s);
  }
  int r = 0;
  if (b[4] == 7)
    r = rec(50);
  if (s > 4 + r)
    reach_error(); // @err
  return 0;
}
