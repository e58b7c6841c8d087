// verify --svcomp: the error is after loops with nondeterministic bounds (count_up_down-2 and
// terminator_02-1 of SV-COMP): each fork continues first on its side nearest to the target,
// so the loops are left at once and the target is reached; entering them first unrolls them
// until the time budget (the run was UNKNOWN before). A VLA whose size is an input is
// enumerated from the smallest size.
// VERIFY-OPTIONS: --max-time=20s
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_unbounded_loop_false.c", 9, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {reach_error(); abort();}
  }
  return;
}

int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int x = n, y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  int z = __VERIFIER_nondet_int();
  while (z > 100)
    z -= __VERIFIER_nondet_int() > 0 ? 1 : 2;
  unsigned int k = __VERIFIER_nondet_uint();
  int v[k + 1];
  for (unsigned int i = 0; i <= k; i++)
    v[i] = (int)i;
  __VERIFIER_assert(y != n || v[k] != 3);
  return 0;
}
