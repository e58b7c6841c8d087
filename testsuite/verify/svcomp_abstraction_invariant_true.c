// verify --svcomp: symbolic execution alone proves x == y after the loop with the loop
// abstraction and the invariant it learns (x == y at the loop head, checked at every entry
// and every path back); the correctness witness carries that invariant in C, and the harness
// re-checks it by a separate run (--check-witness: a Spacer proof assuming it).
// VERIFY-OPTIONS: --engine symbolic --max-time=30s
// EXPECT-SVCOMP: TRUE
// EXPECT-WITNESS-INVARIANT: (((unsigned int)x) == ((unsigned int)y))
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x;
  while (x < 64) {
    x++;
    y++;
  }
  __VERIFIER_assert(x == y);
  return 0;
}
