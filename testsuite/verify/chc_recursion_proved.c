// verify: McCarthy's 91 function on a symbolic argument: recursion whose depth depends on the
// input, so symbolic execution alone only unrolls it (UNKNOWN at its budget). The Horn-clause
// engine summarizes the function (a relation between argument and result) and proves the
// claim: UNREACHABLE. Its twin chc_recursion_reachable.c makes a wrong claim.
// VERIFY-OPTIONS: --max-time=30s
// EXPECT-VERDICT: @claim UNREACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int f91(int x) {
  if (x > 100)
    return x - 10;
  return f91(f91(x + 11));
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f91(x);
  if (x <= 101 && r != 91)
    reach_error(); // @claim
  return 0;
}
