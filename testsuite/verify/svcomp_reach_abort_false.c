// verify --svcomp: an SV-COMP task in the old style, `void reach_error(){}` (an empty body) and
// `ERROR: {reach_error(); abort();}`: the call of reach_error is reachable: FALSE.
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
void reach_error() {}
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
  int y = x + 3;
  if (y == 10) {
  ERROR: {reach_error(); abort();}
  }
  return 0;
}
