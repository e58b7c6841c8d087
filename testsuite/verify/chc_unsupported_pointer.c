// verify: a pointer passed to a function, which the Horn-clause translation does not model
// (its run says "unsupported: ... at" the call's line): the targets stay with symbolic
// execution, which answers both: one REACHABLE, one UNREACHABLE. Never a verdict from the
// part the translation cannot see.
// VERIFY-OPTIONS: --max-time=30s
// EXPECT-VERDICT: @yes REACHABLE
// EXPECT-VERDICT: @no UNREACHABLE
// EXPECT-DELETED-O2: @no (set is inlined: x is v)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void set(int *p, int v) { *p = v; }

int main(void) {
  int x = 0;
  int v = __VERIFIER_nondet_int();
  set(&x, v);
  if (x == 42)
    reach_error(); // @yes
  if (x != v)
    reach_error(); // @no
  return 0;
}
