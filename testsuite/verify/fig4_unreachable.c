// verify: TRACER-X's Fig. 4 as a loop (N = 6 independent branches, +1 or -1), then an assert
// that holds (-6 <= s <= 6): UNREACHABLE in both modes; with interpolation the second child of
// every fork after the first path is pruned (subsumed paths > 0).
// EXPECT-VERDICT: @assert UNREACHABLE
// EXPECT-SUBSUMED: >0
#include <klee/klee.h>
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
  klee_assert(-6 <= s && s <= 6); // @assert
  return 0;
}
