// verify: pruning with targets that return (--target-function): the Fig. 4 loop (6 branches),
// then report() calls reached by one combination each (s == 6, s == -6) and one that needs
// s == 7; after the first report() the path goes on, and a line target follows that is
// reached only by s == -6 paths too.
// VERIFY-OPTIONS: --target-function report --target {file}:{@after}
// EXPECT-VERDICT: @up REACHABLE
// EXPECT-VERDICT: @down REACHABLE
// EXPECT-VERDICT: @after REACHABLE
// EXPECT-VERDICT: @seven UNREACHABLE
// EXPECT-SUBSUMED: >0
// ALSO-ONE-AT-A-TIME
#include <klee/klee.h>
volatile int sink;
__attribute__((noinline)) void report(int code) { sink = code; }
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
  if (s == 6)
    report(1); // @up
  if (s == -6)
    report(2); // @down
  if (s == 7)
    report(3); // @seven
  if (s < -5)
    sink = 4; // @after
  return 0;
}
