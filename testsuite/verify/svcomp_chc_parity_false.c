// verify --svcomp: the twin of svcomp_chc_parity_true.c with y starting even: x + y is odd
// and is 1 at once (both inputs 0): FALSE, with a violation witness the harness checks by
// execution.
// VERIFY-OPTIONS: --engine chc --max-time=30s
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = 1, y = 0;
  while (1) {
    x = x + 2U * __VERIFIER_nondet_uint();
    y = y + 2U * __VERIFIER_nondet_uint();
    if (x + y == 1U)
      reach_error();
  }
}
