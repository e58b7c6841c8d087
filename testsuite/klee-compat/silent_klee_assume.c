// --silent-klee-assume: a klee_assume that cannot hold on the path ends it silently, without
// a test (KLEE's option); without the option it is KLEE's user error `invalid klee_assume call
// (provably false)` (api_functions and the symbolic suite cover that).
// TREX: -libc=none -silent-klee-assume prog.bc
// TREX: --silent-klee-assume=true -libc=none prog.bc
// EXPECT-NO-STDERR: invalid klee_assume call
// EXPECT-COUNT: klee-last .user.err 0
// EXPECT-DONE: generated tests = 1
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  if (x > 5)
    klee_assume(x < 3);
  return 0;
}
