/* Paper 004's nsichneu set-up (benchmarks/testcomp/run.sh): Embench's libnsichneu.c with the
   initial values of its volatile places as the program's input (__VERIFIER_nondet_*) and
   ITERATIONS runs of its loop body. The script preprocesses this file with
   -I<shared>/embench/nsichneu{,/support} into the one C file trex and TestCov are given. */
#define GLOBAL_SCALE_FACTOR 1
#include "libnsichneu.c"

extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);

void initialise_board(void) {}
void start_trigger(void) {}
void stop_trigger(void) {}

int main(void) {
  for (int i = 0; i < 3; i++)
    P1_marking_member_0[i] = __VERIFIER_nondet_long();
  for (int i = 0; i < 5; i++)
    P2_marking_member_0[i] = __VERIFIER_nondet_long();
  for (int i = 0; i < 6; i++)
    P3_marking_member_0[i] = __VERIFIER_nondet_long();
  benchmark_body(ITERATIONS, 1);
  return 0;
}
