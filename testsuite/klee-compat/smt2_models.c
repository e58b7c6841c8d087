// --write-smt2s and --write-kqueries on a path condition with a constant array (the
// initialized buffer, read at a symbolic index after a write at a symbolic index: an update
// list) and a 4-byte input: z3 finds every .smt2 satisfiable, also with the test's bytes; the
// .kquery declares the constant array with its bytes.
// TREX: --write-smt2s --write-kqueries prog.bc
// EXPECT-COUNT: klee-last .ktest 3
// EXPECT-COUNT: klee-last .smt2 3
// EXPECT-SMT2-SAT: klee-last
// EXPECT-IN-FILE: klee-last/test000001.kquery | array ...[4] : w32 -> w8 = [1 2 3 4]
// EXPECT-IN-FILE: klee-last/test000001.kquery | array i[1] : w32 -> w8 = symbolic
// EXPECT-IN-FILE: klee-last/test000001.kquery | array k[4] : w32 -> w8 = symbolic
// EXPECT-IN-FILE: klee-last/test000001.kquery | ...(ReadLSB w32 0 k))=9] @ ...
#include "klee/klee.h"

int main(void) {
  char buf[4] = {1, 2, 3, 4};
  unsigned char i;
  int k;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&k, sizeof k, "k");
  buf[k & 3] = 9;
  if (buf[i & 3] == 3)
    return 1;
  if (k * 3 + 1 == 10)
    return 2;
  return 0;
}
