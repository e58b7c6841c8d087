// verify --svcomp: the old SV-COMP error function, an extern __VERIFIER_error() (built in):
// reachable with x == 5: FALSE.
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
  if (x * 3 == 15)
    __VERIFIER_error();
  return 0;
}
