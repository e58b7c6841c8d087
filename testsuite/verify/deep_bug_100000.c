// verify: a bug behind a loop of 100,000 iterations (a sum that only its last iteration
// makes right) and an input: REACHABLE, found and replayed (the loop runs concretely; the
// Horn-clause engine would need 100,000 unfoldings). Its twin deep_bug_100000_unreachable.c
// asks for a sum the loop never makes.
// VERIFY-OPTIONS: --max-time=60s
// EXPECT-VERDICT: @deep REACHABLE
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned i = 0; i < 100000; i++)
    s += 3;
  if (s == 300000 && x == 12345)
    reach_error(); // @deep
  return 0;
}
