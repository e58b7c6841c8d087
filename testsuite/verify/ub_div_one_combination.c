// verify: a division by zero on a single combination of the Fig. 4 loop, through concrete
// values only: 100 / (s + 6) divides by zero only when all six branches went down (s is
// concrete on every path). Interpolants must keep that: UNKNOWN (undefined behaviour at the
// division) in both modes, never UNREACHABLE.
// EXPECT-VERDICT: @err UNKNOWN undefined behaviour at {file}:{@div}
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
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
  int q = 100 / (s + 6); // @div
  if (q == limit)
    reach_error(); // @err
  return 0;
}
