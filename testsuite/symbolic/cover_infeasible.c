// trex cover: every path is explored (no loop), so the two outcomes no path takes (the inner
// `x < 5` under `x > 10`, and the switch's case 7 under `y < 3`) are proved unreachable by the
// testing run alone; the other 7 of the 9 branch outcomes (2 per `if`, one per distinct
// switch target) are covered by replayed tests. Its inputs are Test-Comp's: TestCov judges the
// suite (the same 9 outcomes, 7 covered: 77.78%).
// LIBC: none
// ONLY: O0 (the optimizer makes selects of some branches)
// EXPECT-PATHS: 6
// EXPECT-ERRORS: none
// EXPECT-COVER: goals=9 covered=7 proved=2 open=0 testcov=77.78
// EXPECT-COVER: --no-prove goals=9 covered=7 proved=2 open=0
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int r = 0;
  if (x > 10) {
    r = 1;
    if (x < 5)
      r = 2;
  }
  if (y < 3) {
    switch (y) {
    case 7:
      r += 10;
      break;
    case 1:
      r += 20;
      break;
    default:
      r += 30;
    }
  }
  return r;
}
