// verify: undefined behaviour on a single combination of the Fig. 4 loop (6 branches): the
// read a[idx] is out of bounds only when every branch went down (s == -6, branch-free index).
// Pruning must not hide that path: UNKNOWN (undefined behaviour at the read) in both modes,
// never UNREACHABLE.
// EXPECT-VERDICT: @err UNKNOWN undefined behaviour at {file}:{@oob}
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int a[8];

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
  int idx = (s == -6) * 100;
  int v = a[idx]; // @oob
  if (v == 12345)
    reach_error(); // @err
  return 0;
}
