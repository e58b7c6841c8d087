// SV-COMP style: __VERIFIER_nondet_int and reach_error() on one input.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: assert 13
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0);
  if (x * 2 == 84) reach_error();
  return 0;
}
