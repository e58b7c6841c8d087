// verify --svcomp: x and y stay odd (each grows by an even amount), so x + y is even and never
// 1: TRUE by the Horn-clause engine alone. The invariant (x + y + 1) % 2 != 0 is found over
// the integers and kept because it is inductive over 32-bit bit-vectors; the correctness
// witness carries it, and the harness re-checks it by a separate run (--check-witness).
// Its twin svcomp_chc_parity_false.c starts y even.
// VERIFY-OPTIONS: --engine chc --max-time=30s
// EXPECT-SVCOMP: TRUE
// EXPECT-WITNESS-INVARIANT: % 2U
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = 1, y = 1;
  while (1) {
    x = x + 2U * __VERIFIER_nondet_uint();
    y = y + 2U * __VERIFIER_nondet_uint();
    if (x + y == 1U)
      reach_error();
  }
}
