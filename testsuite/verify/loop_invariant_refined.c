// verify: loops with unbounded trip counts, then targets that need an invariant the loop
// abstraction's havoc loses (SV-COMP's sum03-2 and overflow_1-1 shapes). With interpolation,
// the abstracted run learns from its spurious hits: the negation of each condition after the
// havoc is a candidate (at -O2, where the loops are rotated, with the body's inputs taken as
// 0); the ones true at the entry and kept by an iteration (x == 2 * y, z == 2 * t + 10; not
// z >= 10 at -O0, which wraps) are assumed, and the next abstracted run proves both targets
// UNREACHABLE. Without interpolation the abstraction is not refined and the exact exploration
// never ends.
// VERIFY-OPTIONS: --max-time=4s
// EXPECT-VERDICT: @twice UNREACHABLE
// EXPECT-VERDICT: @even UNREACHABLE
// EXPECT-VERDICT-NOITP: @twice UNKNOWN time budget
// EXPECT-VERDICT-NOITP: @even UNKNOWN time budget
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 2 * n, y = n;
  while (__VERIFIER_nondet_int()) {
    unsigned d = __VERIFIER_nondet_uint() % 4;
    x += 2 * d;
    y += d;
  }
  if (x != 2 * y)
    reach_error(); // @twice
  unsigned z = 10, t = 0;
  while (z >= 10) {
    unsigned k = __VERIFIER_nondet_int() ? 1 : 2;
    z += 2 * k;
    t += k;
  }
  if (z != 2 * t + 10)
    reach_error(); // @even
  return 0;
}
