// KLEE options given with the value that is trex's behaviour are accepted silently: the checks
// stay on (the division by zero is found), external calls refused, no extra files.
// TREX: -check-div-zero -check-overshift=true -external-calls=none -output-source=false -posix-runtime=0 -max-static-fork-pct=1.0 -solver-backend=z3 prog.bc
// TREX: --check-div-zero=1 --external-calls none --write-kqueries=false --max-sym-array-size 0 prog.bc
// EXPECT-NO-STDERR: trex: warning
// EXPECT-COUNT: klee-last .div.err 1
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

int main(void) {
  int d;
  klee_make_symbolic(&d, sizeof d, "d");
  return 100 / d;
}
