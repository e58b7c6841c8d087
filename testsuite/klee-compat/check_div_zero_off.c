// --check-div-zero=false and --check-overshift=false (KLEE's checks, on by default): a division
// by a symbolic value and a shift by a symbolic amount fork no error path; the path goes on with
// the operations' SMT-LIB results. With the checks on (testsuite/symbolic/div_by_zero.c,
// overshift_symbolic.c) each forks an error.
// TREX: -check-div-zero=false -check-overshift=false prog.bc
// TREX: --check-div-zero=0 --check-overshift=0 prog.bc
// EXPECT-COUNT: klee-last .err 0
// EXPECT-DONE: completed paths = 1
// EXPECT-DONE: generated tests = 1
#include "klee/klee.h"

int main(void) {
  int d, s;
  klee_make_symbolic(&d, sizeof d, "d");
  klee_make_symbolic(&s, sizeof s, "s");
  int q = 100 / d;
  unsigned r = 1u << (s & 63);
  return (q + (int)r) & 1;
}
