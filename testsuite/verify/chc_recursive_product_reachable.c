// verify: a recursive product with a wrong step: at m == 2 the call
// adds n twice. The summary fails for every m >= 2 and n != 0: REACHABLE, found by symbolic
// execution and replayed as a test (the Horn-clause engine finds no counterexample it can
// replay in time: over bit-vectors the products slow Spacer). That the guessed summary does
// not prove it (and does prove the right product) is checked by chc::tests.
// VERIFY-OPTIONS: --max-time=30s
// EXPECT-VERDICT: @claim REACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int mult(int n, int m) {
  if (m < 0)
    return mult(n, -m);
  if (m == 2)
    return n + n + mult(n, 1);
  if (m == 0)
    return 0;
  return n + mult(n, m - 1);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (m >= 0 && mult(n, m) != n * m)
    reach_error(); // @claim
  return 0;
}
