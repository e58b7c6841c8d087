// verify --svcomp: reach_error is only called through a function pointer (no direct call site)
// and reachable (x == 5): the task is FALSE. No direct call site exists: trex watches
// reach_error's entry (its address is taken) and answers FALSE, never TRUE ("no target").
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_indirect_false.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void (*volatile handler)(void) = reach_error;

int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    handler();
  return 0;
}
