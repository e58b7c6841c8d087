// Greedy confirmation under the default search (random-path + nurs:covnew): TRACER-X's Fig. 4
// unrolled (N = 8). Running first the pending path that completes a half-done node gives the
// same linear tree as dfs (14 subsumed; without the option this search order explores 163 nodes
// and prunes 80).
// LIBC: none
// OPTIONS: --greedy-confirmation
// EXPECT-PATHS: 256
// EXPECT-TESTS: 256
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 14
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
int main(void) {
  char b[8];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (b[4]) s = up(s); else s = down(s);
  if (b[5]) s = up(s); else s = down(s);
  if (b[6]) s = up(s); else s = down(s);
  if (b[7]) s = up(s); else s = down(s);
  klee_assert(-8 <= s && s <= 8);
  return 0;
}
