// --replay-path FILE: each conditional branch takes the file's next decision (a .path file
// as --write-paths writes it): the loop's concrete branch must go as the file says (1, 1, 0),
// the symbolic `x > 5` takes the file's side without forking: one path, x <= 5
// (replay_path_mismatch: files the path cannot follow).
// CREATE: false.path | 1
// CREATE: false.path | 1
// CREATE: false.path | 0
// CREATE: false.path | 0
// TREX: --replay-path false.path --write-paths --write-kqueries prog.bc
// TREX: -replay-path=false.path -write-paths -write-kqueries -search=dfs prog.bc
// EXPECT-COUNT: klee-last .ktest 1
// EXPECT-FILE-IS: klee-last/test000001.path | 1
// EXPECT-FILE-IS: klee-last/test000001.path | 1
// EXPECT-FILE-IS: klee-last/test000001.path | 0
// EXPECT-FILE-IS: klee-last/test000001.path | 0
// EXPECT-FILE-IS: klee-last/test000001.kquery | array x[4] : w32 -> w8 = symbolic
// EXPECT-FILE-IS: klee-last/test000001.kquery | (query [(Not (Slt 5
// EXPECT-FILE-IS: klee-last/test000001.kquery |                   (ReadLSB w32 0 x)))]
// EXPECT-FILE-IS: klee-last/test000001.kquery |        false)
#line 1 "/replay_path.c"
#include "klee/klee.h"

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < 2; i++)
    n += i;
  if (x > 5)
    return n;
  return 0;
}
