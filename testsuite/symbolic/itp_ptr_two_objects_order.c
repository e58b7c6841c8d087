// The soundness twin of itp_ptr_two_objects where the order of two objects' addresses
// decides: x and y are malloc'ed in one order on one side of b[4] and in the other order on
// the other, then 4 symbolic branches add +1 or -1 to s and x < y adds one more, so only
// the side where x is allocated first can fail (s = 5). Under dfs the other side runs first;
// its interpolants (x < y false) would hold on the failing side with x and y renamed to each
// other (allocation order), but they require the objects' base addresses, which the renamed
// objects do not have: not pruned, the failure is found (without that check it was lost).
// Without interpolation: 31 paths complete, 1 fails; with it, 4 complete, 1 fails, 13 are
// pruned.
// ONLY: O0 (at -O2 clang computes x < y before the branches: below() reads no memory)
// OPTIONS: --search=dfs
// EXPECT-PATHS: 31
// EXPECT-ERRORS: assert 39
// EXPECT-ITP-PATHS: 4
// EXPECT-SUBSUMED: 13
#include <stdlib.h>
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
__attribute__((noinline)) int below(int *p, int *q) { return p < q; }
int main(void) {
  char b[5];
  klee_make_symbolic(b, sizeof b, "b");
  int *x, *y;
  if (b[4]) {
    y = malloc(32);
    x = malloc(32);
  } else {
    x = malloc(32);
    y = malloc(32);
  }
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  if (below(x, y))
    s = up(s);
  klee_assert(s <= 4);
  return 0;
}
