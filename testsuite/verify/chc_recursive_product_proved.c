// verify: a recursive product, `mult(n, m)` adding n, m times (a negative m negated first), so
// its depth is the symbolic m. Its summary, `m >= 0 ==> result == n * m`, holds over 32-bit
// bit-vectors even where the product wraps; a guessed shape, checked by Houdini. The step's
// check, `n + n * (m - 1) == n * m`, is beyond the bit-level solver (two multipliers), and is
// decided once the arithmetic is normalized to sums of monomials: UNREACHABLE. Its twin
// chc_recursive_product_reachable.c adds n once too often at m == 2.
// The guesses get a third of the integer reading's quarter of the time: a long --max-time
// leaves them 10 s, five times what they need alone (a loaded machine has failed at 60 s).
// VERIFY-OPTIONS: --engine chc --max-time=120s
// TIMEOUT: 150
// ONLY: O0 (at -O2 clang turns the recursion into a loop whose invariant, acc + n * m == n * m0, is not a guessed shape)
// EXPECT-VERDICT: @claim UNREACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int mult(int n, int m) {
  if (m < 0)
    return mult(n, -m);
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
