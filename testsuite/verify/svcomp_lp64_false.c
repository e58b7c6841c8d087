// verify --svcomp (default data model LP64): unsigned long is 64 bits, so x > 4294967295UL is
// feasible: FALSE (the same task is TRUE under ILP32: svcomp_ilp32_true.c).
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_lp64_false.c", 6, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);

int main() {
  unsigned long x = __VERIFIER_nondet_ulong();
  if (x > 4294967295UL)
    reach_error();
  return 0;
}
