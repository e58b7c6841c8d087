// verify: a division by an input that may be zero before a target that no path reaches:
// symbolic execution reports the zero divisor as undefined behaviour (a gap: UNKNOWN), and
// the Horn-clause engine, which would otherwise prove the target unreachable, treats the
// division as an error too: never UNREACHABLE past undefined behaviour.
// VERIFY-OPTIONS: --max-time=10s
// ONLY: O0 (-O2 folds q > 100 away: 100 / a is at most 100 when defined)
// EXPECT-VERDICT: @after UNKNOWN undefined behaviour at {file}:{@div}
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int q = 100 / a; // @div
  if (q > 100)
    reach_error(); // @after
  return 0;
}
