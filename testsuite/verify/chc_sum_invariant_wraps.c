// verify: the twin of chc_sum_invariant_unsigned.c. Over the integers s == n + i, so s >= n
// and the target is unreachable; over 32 bits s wraps for n >= 0xfffffffd. The integer
// reading's proof must not be taken (its invariant s >= n is not inductive over
// bit-vectors): REACHABLE, by the bit-vector query's counterexample, replayed.
// VERIFY-OPTIONS: --max-time=30s --engine chc
// EXPECT-VERDICT: @claim REACHABLE
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = n;
  while (i < 3) {
    i++;
    s++;
  }
  if (s < n)
    reach_error(); // @claim
  return 0;
}
