// verify: counting x down and y up over unsigned: safe by the invariant x + y == n (modulo
// 2^32). Spacer finds no invariant over 32-bit bit-vectors in minutes; over the integers it
// finds x + y == n at once, and the Horn-clause engine keeps it because it is inductive over
// the bit-vector clauses too (Houdini): UNREACHABLE with --engine chc alone. Its twin
// chc_sum_invariant_wraps.c holds over the integers but not over 32 bits.
// VERIFY-OPTIONS: --max-time=30s --engine chc
// EXPECT-VERDICT: @claim UNREACHABLE
// EXPECT-DELETED-O2: @claim (-O2 computes y in closed form: y == n)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = n, y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  if (y != n)
    reach_error(); // @claim
  return 0;
}
