// verify: the twin of deep_bug_100000.c: the sum after 100,000 iterations is 300,000, never
// 300,001: UNREACHABLE (one path through the whole loop, then an infeasible branch).
// VERIFY-OPTIONS: --max-time=60s
// EXPECT-VERDICT: @deep UNREACHABLE
// EXPECT-DELETED-O2: @deep (-O2 computes the sum: s == 300001 is false)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned i = 0; i < 100000; i++)
    s += 3;
  if (s == 300001 && x == 12345)
    reach_error(); // @deep
  return 0;
}
