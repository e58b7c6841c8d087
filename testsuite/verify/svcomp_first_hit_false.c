// verify --svcomp: two reach_error calls; the first is reached only in the run with loops
// abstracted (the loop's counter is havocked, so `x != 10` looks feasible), and that run stops
// at its first hit (--svcomp). The second, reachable (y == 42), was not reached by that run
// before it stopped: it must not count as proven unreachable (it did, and the answer was a
// wrong TRUE at -O0).
// EXPECT-SVCOMP: FALSE(unreach-call)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp_first_hit_false.c", 10, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main() {
  unsigned x = 0;
  while (x < 10)
    x++;
  if (x != 10)
    reach_error();
  int y = __VERIFIER_nondet_int();
  if (y == 42)
    reach_error();
  return 0;
}
