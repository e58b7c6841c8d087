// verify: the twin of chc_array_ranges_proved.c: a[i] = x and b[i] = -x, except -x + 1 at
// i == 7, so c[7] == 1. The guessed ranges must not prove it (no `forall` fact survives
// that write); symbolic execution reaches it after the first two loops: REACHABLE,
// replayed. (N is 1,000 here: 100,000 symbolic values take symbolic execution past 60 s.)
// VERIFY-OPTIONS: --max-time=60s
// EXPECT-VERDICT: @claim REACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int N = 1000;

int main(void) {
  int a[N];
  int b[N];
  int c[N];
  volatile int i; // kept in memory at -O2 too: a variable the ranges can end at
  for (i = 0; i < N; i++) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > -100000 && x < 100000);
    a[i] = x;
    b[i] = i == 7 ? -x + 1 : -x;
  }
  for (i = 0; i < N; i++)
    c[i] = a[i] + b[i];
  for (i = 0; i < N; i++)
    if (c[i] != 0)
      reach_error(); // @claim
  return 0;
}
