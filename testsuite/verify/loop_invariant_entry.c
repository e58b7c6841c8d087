// verify: loop invariant candidates learnt from a spurious hit (loop_invariant_refined.c)
// that every iteration keeps but that fail at the loop's entry must not prove anything:
// `w % 2 == 0` and `w >= 10` (w is an input). The target is REACHABLE at once (w odd below 10);
// it would be a wrong UNREACHABLE if the entry were not checked.
// VERIFY-OPTIONS: --max-time=3s
// EXPECT-VERDICT: @entry REACHABLE
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned w = __VERIFIER_nondet_uint();
  while (w >= 10)
    w += 2;
  if (w % 2)
    reach_error(); // @entry
  return 0;
}
