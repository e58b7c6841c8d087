// verify --svcomp: reach_error registered with atexit on one path (x == 5), so the C library
// calls it when main returns: the task is FALSE. No direct call site exists: trex watches
// reach_error's entry (its address is taken) and answers FALSE, never TRUE.
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_atexit_false.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern int atexit(void (*)(void));

int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    atexit(reach_error);
  return 0;
}
