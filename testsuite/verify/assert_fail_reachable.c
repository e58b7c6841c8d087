// verify: a failing assert (a call of __assert_fail at the assert's line) is REACHABLE.
// EXPECT-VERDICT: @assert REACHABLE
// EXPECT-LISTED: @assert main __assert_fail
#include <assert.h>
#include <klee/klee.h>

int main(void) {
  unsigned char c[2];
  klee_make_symbolic(c, sizeof c, "c");
  int v = c[0] * 256 + c[1];
  assert(v != 0x4142); // @assert
  return 0;
}
