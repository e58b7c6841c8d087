// verify: several targets for the Horn-clause engine alone (--engine chc): a counterexample
// settles the targets its replay reaches, then the engine asks again about the others, so
// both reachable targets get their replayed tests and the one behind a relational loop
// invariant (j == 2 * i) is proved. (Before: the first counterexample ended the engine's
// run, the other targets UNKNOWN.) The twin chc_target_reached_then_more.c checks that a
// target already reached does not end the paths through it in the next query.
// VERIFY-OPTIONS: --max-time=30s --engine chc
// EXPECT-VERDICT: @first REACHABLE
// EXPECT-VERDICT: @claim UNREACHABLE
// EXPECT-VERDICT: @second REACHABLE
// EXPECT-DELETED-O2: @claim (-O2 rewrites the loop: j is 2 * i in closed form)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 17)
    reach_error(); // @first
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 1000000);
  int i = 0, j = 0;
  while (i < n) {
    i++;
    j += 2;
  }
  if (j != 2 * i)
    reach_error(); // @claim
  if (x == -5 && n == 3)
    reach_error(); // @second
  return 0;
}
