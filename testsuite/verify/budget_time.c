// verify: --max-time=1s on 2^24 paths whose states all differ (the sum of distinct powers of
// two, added by a call so that -O2 keeps the branches: interpolation prunes nothing): the run
// stops early in both modes and the (unreachable) target is UNKNOWN (time budget).
// VERIFY-OPTIONS: --max-time=1s
// EXPECT-VERDICT: @err UNKNOWN time budget
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) unsigned add(unsigned s, unsigned v) { return s + v; }
volatile unsigned limit = 0xffffff; /* opaque: -O2 would prove s <= 0xffffff */

int main(void) {
  unsigned char b[24];
  klee_make_symbolic(b, sizeof b, "b");
  unsigned s = 0;
  for (int i = 0; i < 24; i++) {
    if (b[i])
      s = add(s, 1u << i);
  }
  if (s > limit)
    reach_error(); // @err
  return 0;
}
