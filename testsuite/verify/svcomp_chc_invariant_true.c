// verify --svcomp: a loop whose safety needs j == 2 * i (with 32-bit wrap-around), proved by
// the Horn-clause engine alone: TRUE, and the correctness witness carries that loop
// invariant, which the harness re-checks by a separate run (--check-witness: inductive and
// enough to exclude reach_error) besides the schema check.
// VERIFY-OPTIONS: --engine chc --max-time=30s
// EXPECT-SVCOMP: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 1000000);
  int i = 0, j = 0;
  while (i < n) {
    i++;
    j += 2;
  }
  if (j != 2 * i)
    reach_error();
  return 0;
}
