// verify: SV-COMP's locks pattern: conditions chosen once, an unbounded loop with a
// nondeterministic exit that resets the locks each iteration. Only state matching at loop
// points ends the exploration (the live state repeats: the locks are dead at the loop head):
// UNREACHABLE in both modes, with no budget.
// EXPECT-VERDICT: @lock1 UNREACHABLE
// EXPECT-VERDICT: @lock2 UNREACHABLE
// EXPECT-DELETED-O2: @lock1 (lk1 is 1 whenever p1 != 0: -O2 folds lk1 != 1)
// EXPECT-DELETED-O2: @lock2 (the same for lk2)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int p1 = __VERIFIER_nondet_int();
  int p2 = __VERIFIER_nondet_int();
  int lk1, lk2;
  while (1) {
    if (__VERIFIER_nondet_int() == 0)
      break;
    lk1 = 0;
    lk2 = 0;
    if (p1 != 0)
      lk1 = 1;
    if (p2 != 0)
      lk2 = 1;
    if (p1 != 0) {
      if (lk1 != 1)
        reach_error(); // @lock1
      lk1 = 0;
    }
    if (p2 != 0) {
      if (lk2 != 1)
        reach_error(); // @lock2
      lk2 = 0;
    }
  }
  return 0;
}
