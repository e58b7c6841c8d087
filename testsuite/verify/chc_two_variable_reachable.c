// verify: the twin of chc_two_variable_invariant.c: j == 2 * i + 1 fails at once (n = 0
// already): REACHABLE by the Horn-clause engine alone, its counterexample replayed.
// VERIFY-OPTIONS: --max-time=30s --engine chc
// EXPECT-VERDICT: @claim REACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 1000000);
  int i = 0, j = 0;
  while (i < n) {
    i++;
    j += 2;
  }
  if (j != 2 * i + 1)
    reach_error(); // @claim
  return 0;
}
