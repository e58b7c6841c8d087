// verify: the twin of chc_several_targets.c: the targets are the calls of a function that
// returns (--target-function report), and the second is reachable only through the first
// one's call; once the first is reached, the engine's next query must keep the paths
// through its call (an ordinary call now), or it would prove the second UNREACHABLE, wrongly.
// VERIFY-OPTIONS: --max-time=30s --engine chc --target-function report
// EXPECT-VERDICT: @first REACHABLE
// EXPECT-VERDICT: @second REACHABLE
extern int __VERIFIER_nondet_int(void);
int reports;

__attribute__((noinline)) void report(void) { reports++; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 20)
    report(); // @first
  if (reports == 1 && x == 12)
    report(); // @second
  return 0;
}
