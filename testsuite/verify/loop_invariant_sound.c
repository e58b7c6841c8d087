// verify: loop invariant candidates learnt from a spurious hit (loop_invariant_refined.c)
// that hold at the entry but are not kept by an iteration must not prove anything: from the
// hit after the loop, `z >= 10` (wraps) and `z % 2 == 0` (+3 makes z odd). The target is
// reachable, after about 7e8 iterations: UNKNOWN. It would be a wrong UNREACHABLE if paths
// back at the header were not checked.
// VERIFY-OPTIONS: --max-time=3s
// EXPECT-VERDICT: @odd UNKNOWN time budget
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned z = 10;
  while (z >= 10)
    z += __VERIFIER_nondet_int() ? 3 : 6;
  if (z % 2)
    reach_error(); // @odd
  return 0;
}
