// verify: a loop with an input bound whose safety needs an invariant relating two variables
// (j == 2 * i), here with the Horn-clause engine alone (--engine chc: its invariant, not
// symbolic execution's loop abstraction, proves it): UNREACHABLE. Its twin
// chc_two_variable_reachable.c claims a relation that fails.
// VERIFY-OPTIONS: --max-time=30s --engine chc
// EXPECT-VERDICT: @claim UNREACHABLE
// EXPECT-DELETED-O2: @claim (-O2 rewrites the loop: j is 2 * i in closed form)
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
  if (j != 2 * i)
    reach_error(); // @claim
  return 0;
}
