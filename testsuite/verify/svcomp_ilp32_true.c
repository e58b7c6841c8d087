// verify --svcomp --data-model ILP32: unsigned long is 32 bits, so x > 4294967295UL is false:
// TRUE (the same task is FALSE under LP64: svcomp_lp64_false.c).
// VERIFY-OPTIONS: --data-model ILP32
// EXPECT-SVCOMP: TRUE
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_ilp32_true.c", 7, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);

int main() {
  unsigned long x = __VERIFIER_nondet_ulong();
  if (x > 4294967295UL)
    reach_error();
  return 0;
}
