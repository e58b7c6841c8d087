// verify: the twin of chc_recursive_sum_proved.c, with a wrong step: at n == 1 the call moves
// two units to m. The summary `result == m + n` no longer holds, and the claim fails for
// every n >= 1: REACHABLE, with a counterexample replayed as a test. Both engines run: the
// Horn-clause engine's counterexample comes in 0.3 s alone, but its first queries are
// time-limited, and on a loaded machine its search can take another course; symbolic
// execution finds the bug within 10 s. chc::tests checks the engine's counterexample itself.
// VERIFY-OPTIONS: --max-time=60s
// EXPECT-VERDICT: @claim REACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

long long add(long long m, long long n) {
  if (n == 1)
    return add(m + 2, n - 1);
  if (n == 0)
    return m;
  if (n > 0)
    return add(m + 1, n - 1);
  return add(m - 1, n + 1);
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  long long r = add(m, n);
  if (r != (long long)m + n)
    reach_error(); // @claim
  return 0;
}
