// verify --svcomp on a preprocessed task (`.i`): a failing assert() (a call of __assert_fail) and
// abort() are not targets in SV-COMP mode (only reach_error calls are): they end their paths;
// reach_error's guard is infeasible: TRUE.
// EXPECT-SVCOMP: TRUE
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_assert_not_target.i", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 7)
    ((x != 7) ? (void)0 : __assert_fail("x != 7", "svcomp_assert_not_target.i", 14, "main"));
  if (x == 8)
    abort();
  if (x > 10 && x < 5)
    reach_error();
  return 0;
}
