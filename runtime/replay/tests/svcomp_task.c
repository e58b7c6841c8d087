/* Shaped like an SV-COMP task: its own declarations (no trex.h) and its own
 * reach_error(), which must win over the library's weak one. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
void reach_error() { __assert_fail("0", "svcomp_task.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint();
extern void __VERIFIER_assume(int);

int main() {
  int x = __VERIFIER_nondet_int();
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n < 100);
  printf("x=%d n=%u\n", x, n);
  if (x == 5 && n == 3) {
  ERROR: {reach_error(); abort();}
  }
  return 0;
}
