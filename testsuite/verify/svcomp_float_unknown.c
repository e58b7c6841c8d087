// verify --svcomp: a nondet float compared on the way to reach_error (reachable in fact: any
// f > 1): symbolic floating point is unsupported, so trex may claim neither TRUE nor FALSE:
// UNKNOWN (unsupported construct).
// EXPECT-SVCOMP: UNKNOWN unsupported construct at {file}:{@nondet}: unsupported: __VERIFIER_nondet_float
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_float_unknown.c", 7, "reach_error"); }
extern float __VERIFIER_nondet_float(void);

int main() {
  float f = __VERIFIER_nondet_float(); // @nondet
  if (f > 1.0f)
    reach_error();
  return 0;
}
