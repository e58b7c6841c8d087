// KLEE writes a .kquery beside every error test, without --write-kqueries (and none beside
// the other tests): the division by a symbolic byte fails when it is 0.
// TREX: prog.bc
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-COUNT: klee-last .div.err 1
// EXPECT-COUNT: klee-last .kquery 1
// EXPECT-COUNT: klee-last .smt2 0
// EXPECT-COUNT: klee-last .path 0
// EXPECT-FILE-IS: klee-last/test000001.kquery | array d[1] : w32 -> w8 = symbolic
// EXPECT-FILE-IS: klee-last/test000001.kquery | (query [(Eq 0 (Read w8 0 d))]
// EXPECT-FILE-IS: klee-last/test000001.kquery |        false)
#include "klee/klee.h"

int main(void) {
  unsigned char d;
  klee_make_symbolic(&d, sizeof d, "d");
  return 100 / d;
}
