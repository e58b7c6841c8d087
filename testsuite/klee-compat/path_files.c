// KLEE's per-test files about the path: --write-kqueries (.kquery: the path condition in
// KQuery, arrays declared), --write-smt2s (.smt2: the same in SMT-LIB 2, which z3 finds
// satisfiable, also with the test's bytes), --write-paths (.path: every conditional branch's
// decision, concrete or symbolic, one 0/1 per line), --write-sym-paths (.sym.path: the
// decisions of the branches that forked), --write-test-info (.info: the time the test took to
// write), --write-cov (.cov: the lines the path covered first, those before the fork inherited
// by both paths). The loop's branch is concrete (1, 1, 0); `x > 5` forks: the path that
// continues on the true side ends first (test 1, lines 10 and 12 are its own), the other
// takes the false side (line 11).
// (`#line` gives the source a fixed name, so the expected lines do not depend on the
// directory the test runs in.)
// TREX: --write-kqueries --write-smt2s --write-paths --write-sym-paths --write-test-info --write-cov prog.bc
// TREX: -write-kqueries=true -write-smt2s -write-paths=1 -write-sym-paths -write-test-info -write-cov -search=dfs prog.bc
// EXPECT-COUNT: klee-last .ktest 2
// EXPECT-COUNT: klee-last .kquery 2
// EXPECT-COUNT: klee-last .smt2 2
// EXPECT-COUNT: klee-last .sym.path 2
// EXPECT-COUNT: klee-last .path 4
// EXPECT-COUNT: klee-last .info 2
// EXPECT-COUNT: klee-last .cov 2
// EXPECT-FILE-IS: klee-last/test000001.kquery | array x[4] : w32 -> w8 = symbolic
// EXPECT-FILE-IS: klee-last/test000001.kquery | (query [(Slt 5
// EXPECT-FILE-IS: klee-last/test000001.kquery |              (ReadLSB w32 0 x))]
// EXPECT-FILE-IS: klee-last/test000001.kquery |        false)
// EXPECT-FILE-IS: klee-last/test000002.kquery | array x[4] : w32 -> w8 = symbolic
// EXPECT-FILE-IS: klee-last/test000002.kquery | (query [(Not (Slt 5
// EXPECT-FILE-IS: klee-last/test000002.kquery |                   (ReadLSB w32 0 x)))]
// EXPECT-FILE-IS: klee-last/test000002.kquery |        false)
// EXPECT-SMT2-SAT: klee-last
// EXPECT-IN-FILE: klee-last/test000001.smt2 | (set-logic QF_AUFBV )
// EXPECT-IN-FILE: klee-last/test000001.smt2 | (declare-fun x () (Array (_ BitVec 32) (_ BitVec 8) ) )
// EXPECT-IN-FILE: klee-last/test000001.smt2 | (assert (bvslt #x00000005 ...))
// EXPECT-IN-FILE: klee-last/test000001.smt2 | (check-sat)
// EXPECT-IN-FILE: klee-last/test000001.smt2 | (exit)
// EXPECT-IN-FILE: klee-last/test000002.smt2 | (assert (not (bvslt #x00000005 ...)))
// EXPECT-FILE-IS: klee-last/test000001.path | 1
// EXPECT-FILE-IS: klee-last/test000001.path | 1
// EXPECT-FILE-IS: klee-last/test000001.path | 0
// EXPECT-FILE-IS: klee-last/test000001.path | 1
// EXPECT-FILE-IS: klee-last/test000002.path | 1
// EXPECT-FILE-IS: klee-last/test000002.path | 1
// EXPECT-FILE-IS: klee-last/test000002.path | 0
// EXPECT-FILE-IS: klee-last/test000002.path | 0
// EXPECT-FILE-IS: klee-last/test000001.sym.path | 1
// EXPECT-FILE-IS: klee-last/test000002.sym.path | 0
// EXPECT-IN-FILE: klee-last/test000001.info | Time to generate test case: ...s
// EXPECT-IN-FILE: klee-last/test000002.info | Time to generate test case: ...s
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:5
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:6
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:7
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:8
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:9
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:10
// EXPECT-FILE-IS: klee-last/test000001.cov | /path_files.c:12
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:5
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:6
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:7
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:8
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:9
// EXPECT-FILE-IS: klee-last/test000002.cov | /path_files.c:11
#line 1 "/path_files.c"
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
