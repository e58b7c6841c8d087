// verify --svcomp: __VERIFIER_nondet_int and __VERIFIER_assume bound x, so the guard of
// reach_error is infeasible: TRUE. (abort() in the assert-like macro only ends a path.)
// EXPECT-SVCOMP: TRUE
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_assume_true.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {reach_error(); abort();}
  }
  return;
}

int main() {
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 1000);
  __VERIFIER_assume(n > 0 && n < 8);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += x;
  __VERIFIER_assert(s >= 0 && s <= 7000);
  if (x > 500)
    abort();
  return 0;
}
