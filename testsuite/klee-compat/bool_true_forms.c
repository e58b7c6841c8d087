// A boolean option given alone or as =true, =TRUE, =1, single or double dash: on. Here
// --write-no-tests: both paths run, no test is written.
// TREX: -write-no-tests prog.bc
// TREX: --write-no-tests prog.bc
// TREX: -write-no-tests=true prog.bc
// TREX: --write-no-tests=TRUE prog.bc
// TREX: -write-no-tests=1 prog.bc
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 0
// EXPECT-COUNT: klee-last .ktest 0
#include "klee/klee.h"

int main(void) {
  char c;
  klee_make_symbolic(&c, sizeof c, "c");
  if (c == 'a')
    return 1;
  return 0;
}
