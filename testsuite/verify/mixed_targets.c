// verify: several targets in one program, some reachable, some not, in one run for all the
// targets and with --one-target-at-a-time (the same verdicts).
// EXPECT-VERDICT: @r1 REACHABLE
// EXPECT-VERDICT: @u1 UNREACHABLE
// EXPECT-VERDICT: @r2 REACHABLE
// EXPECT-VERDICT: @u2 UNREACHABLE
// EXPECT-VERDICT: @r3 REACHABLE
// EXPECT-DELETED-O2: @u2 (c > 250 && c < 200 is false: -O2 folds it)
// ALSO-ONE-AT-A-TIME
// CHECK-TEXT
#include <assert.h>
#include <stdlib.h>
#include <klee/klee.h>
extern void reach_error(void);

__attribute__((noinline)) void first(int x) {
  if (x == 17)
    reach_error(); // @r1
}

__attribute__((noinline)) void second(int x) {
  if (x > 0) {
    klee_assume(x < 100);
    assert(x != 200); // @u1
  }
}

__attribute__((noinline)) void third(int y) {
  if (y == -5)
    abort(); // @r2
}

__attribute__((noinline)) void fourth(unsigned char c) {
  if (c > 250 && c < 200)
    reach_error(); // @u2
}

int main(void) {
  int x, y;
  unsigned char c;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_make_symbolic(&c, sizeof c, "c");
  first(x);
  second(x);
  fourth(c);
  klee_assert(!(x == 3 && y == 4 && c == 5)); // @r3
  third(y);
  return 0;
}
