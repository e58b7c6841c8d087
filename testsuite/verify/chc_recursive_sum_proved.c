// verify: a recursive sum, `add(m, n)` moving one unit from n to m at each call, so its depth
// is the symbolic n. Its summary is the equality `result == m + n`, which holds over 64-bit
// bit-vectors even where the sum wraps; Spacer over the integers found it only after 7 s and
// over bit-vectors not in 30 s. Guessed shapes of summary, checked by Houdini over the
// bit-vector clauses, prove it at once: UNREACHABLE (without them: UNKNOWN at 30 s). Its twin
// chc_recursive_sum_reachable.c adds one unit too many at n == 1.
// VERIFY-OPTIONS: --engine chc --max-time=30s
// EXPECT-VERDICT: @claim UNREACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

long long add(long long m, long long n) {
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
