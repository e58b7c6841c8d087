// verify: the twin of chc_recursion_proved.c with a wrong claim (f91(x) is 91 for x <= 101,
// x - 10 above): REACHABLE, with a test that replays (x = 102 gives 92).
// VERIFY-OPTIONS: --max-time=30s
// EXPECT-VERDICT: @claim REACHABLE
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
  if (x <= 102 && r != 91)
    reach_error(); // @claim
  return 0;
}
