// verify: a fork budget that only the run without interpolation exceeds: Fig. 4's loop with
// 10 branches is 2^10 paths without interpolation, about 2 * 10 forks with it. With
// --max-forks=100 interpolation explores everything (UNREACHABLE); without it forks are refused
// (UNKNOWN, fork budget). The modes differ on purpose.
// VERIFY-OPTIONS: --max-forks=100
// EXPECT-VERDICT: @assert UNREACHABLE
// EXPECT-VERDICT-NOITP: @assert UNKNOWN fork budget
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }

int main(void) {
  unsigned char b[10];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 10; i++) {
    if (b[i])
      s = up(s);
    else
      s = down(s);
  }
  klee_assert(-10 <= s && s <= 10); // @assert
  return 0;
}
