// verify: --max-instructions=20000 stops the run without interpolation long before the 2^12
// paths of a 12-branch loop are done: the (unreachable) target is UNKNOWN (instruction budget).
// With interpolation the whole run takes about 1,000 instructions (trex run: 909 at -O0, 538 at
// -O2): UNREACHABLE. The modes differ on purpose.
// VERIFY-OPTIONS: --max-instructions=20000
// EXPECT-VERDICT: @err UNREACHABLE
// EXPECT-VERDICT-NOITP: @err UNKNOWN instruction budget
#include <klee/klee.h>
extern void reach_error(void);
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }

int main(void) {
  unsigned char b[12];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 12; i++) {
    if (b[i])
      s = up(s);
    else
      s = down(s);
  }
  if (s > 12)
    reach_error(); // @err
  return 0;
}
