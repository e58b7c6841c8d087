// verify: soundness of pruning with state in memory: each branch sets one array element, the
// target needs them all set (one path of 16). Interpolation must keep the array contents in
// its interpolants: REACHABLE; the same sum can never exceed 4: UNREACHABLE.
// EXPECT-VERDICT: @all REACHABLE
// EXPECT-VERDICT: @over UNREACHABLE
// EXPECT-SUBSUMED: >0
// ONLY: O0 (-O2 vectorizes the loop: a vector load of the symbolic bytes is unsupported)
#include <klee/klee.h>
extern void reach_error(void);
int a[4];

int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  for (int i = 0; i < 4; i++) {
    if (b[i])
      a[i] = 1;
    else
      a[i] = 0;
  }
  int n = a[0] + a[1] + a[2] + a[3];
  if (n == 4)
    reach_error(); // @all
  klee_assert(n <= 4); // @over
  return 0;
}
