// verify --svcomp: a reachable reach_error (the sum of two nondet values hits a given value
// within the assumed ranges): FALSE, with a witness test.
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_false.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {reach_error(); abort();}
  }
  return;
}

int main() {
  int a = __VERIFIER_nondet_int();
  unsigned char b = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(a > 0 && a < 100);
  __VERIFIER_assert(a + b != 300);
  return 0;
}
