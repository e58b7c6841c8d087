// verify: --max-depth=3 (at most 3 forks per path) with 6 branches per path: further branches
// go on one side only, so not every path is explored and the (unreachable) target is UNKNOWN
// in both modes, never UNREACHABLE; the reason is the fork budget's (--max-depth counts forks
// as --max-forks does).
// VERIFY-OPTIONS: --max-depth=3
// EXPECT-VERDICT: @err UNKNOWN fork budget
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
  if (s > 6)
    reach_error(); // @err
  return 0;
}
