// verify: two variable-length arrays filled by one loop with x and -x (x bounded), summed
// into a third by a second loop, and every sum checked to be 0 by a third: safe, but only
// by facts about every element below the counter (`forall q. 0 <= q < i => a[q] + b[q] ==
// 0`), which unrolling cannot reach for 100,000 elements. Guessed ranges of the arrays,
// checked by Houdini over the bit-vector clauses, prove it: UNREACHABLE (before them:
// UNKNOWN, and before variable-length arrays were modelled, "unsupported"). Its twin
// chc_array_ranges_reachable.c writes -x + 1 to one element.
// (`i` is volatile so that -O2 keeps it a variable in memory, and does not vectorize the
// loops: vectors are a construct the Horn clauses do not model; a range ends at a variable
// of the program, and at -O2 a register has no name in trex's IR.)
// VERIFY-OPTIONS: --engine chc --max-time=60s
// EXPECT-VERDICT: @claim UNREACHABLE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int N = 100000;

int main(void) {
  int a[N];
  int b[N];
  int c[N];
  volatile int i; // kept in memory at -O2 too: a variable the ranges can end at
  for (i = 0; i < N; i++) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > -100000 && x < 100000);
    a[i] = x;
    b[i] = -x;
  }
  for (i = 0; i < N; i++)
    c[i] = a[i] + b[i];
  for (i = 0; i < N; i++)
    if (c[i] != 0)
      reach_error(); // @claim
  return 0;
}
