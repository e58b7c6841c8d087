// verify: a budget hit on a single combination of the Fig. 4 loop, through concrete values
// only: the recursion depth is s + 6 (12 frames, over --max-stack-frames=10, only when all six
// branches went up; s is concrete on every path). Interpolants must keep the concrete control
// flow of the recursion: UNKNOWN (stack-frame budget) in both modes, never UNREACHABLE.
// VERIFY-OPTIONS: --max-stack-frames=10
// EXPECT-VERDICT: @err UNKNOWN stack-frame budget
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int depth(int n);
int (*volatile rec)(int) = depth; /* no inlining, no recursion elimination */
int depth(int n) { return n == 0 ? 0 : 1 + rec(n - 1); }
volatile int limit = 123456789;

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
  int q = rec(s + 6);
  if (q == limit)
    reach_error(); // @err
  return 0;
}
