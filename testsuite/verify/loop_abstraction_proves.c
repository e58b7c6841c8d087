// verify: loops whose bounds are inputs, followed by targets their exit conditions rule out
// (SV-COMP's trex02-1 and trex03-2): the exact exploration never ends (one more iteration
// per path), the run with loops abstracted (modified variables havocked at the header, a
// path back at the header ends) proves both UNREACHABLE. A third target after the loops is
// reachable: REACHABLE, found by the exact exploration.
// VERIFY-OPTIONS: --max-time=20s
// EXPECT-VERDICT: @after_loop UNREACHABLE
// EXPECT-VERDICT: @pair UNREACHABLE
// EXPECT-VERDICT: @late REACHABLE
// EXPECT-DELETED-O2: @after_loop (the loop exits with x <= 0: -O2 folds x > 0 after it)
// EXPECT-DELETED-O2: @pair (the loop exits with a == 0 or b == 0: -O2 folds the guard)
#include <klee/klee.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
int x;
void dec(int d) { x -= d; }

int main(void) {
  x = __VERIFIER_nondet_int();
  while (x > 0) {
    if (__VERIFIER_nondet_bool())
      dec(1);
    else
      dec(2);
  }
  if (x > 0)
    reach_error(); // @after_loop
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  while (a > 0 && b > 0) {
    if (__VERIFIER_nondet_bool())
      a--;
    else
      b--;
  }
  if (a != 0 && b != 0)
    reach_error(); // @pair
  if (a == 7 && x == -1)
    reach_error(); // @late
  return 0;
}
