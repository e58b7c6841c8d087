// verify: a RERS-like state machine: a concrete global state driven by a symbolic input per
// iteration, in an unbounded loop. Its states repeat (state matching ends those paths), so
// the exploration completes: the state 3 is reached after three inputs (REACHABLE), the state
// 5 never (UNREACHABLE).
// EXPECT-VERDICT: @three REACHABLE
// EXPECT-VERDICT: @five UNREACHABLE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int s = 0;

int main(void) {
  while (1) {
    int in = __VERIFIER_nondet_int();
    if (in < 0 || in > 3)
      return 0;
    if (s == 0 && in == 1)
      s = 1;
    else if (s == 1 && in == 2)
      s = 2;
    else if (s == 2 && in == 3)
      s = 3;
    else if (s == 3)
      s = 0;
    if (s == 3)
      reach_error(); // @three
    if (s == 5)
      reach_error(); // @five
  }
}
