// Inline assembly is KLEE's execution error `inline assembly is unsupported` (.exec.err),
// reported where it runs.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...inline_asm.c:9: inline assembly is unsupported
// EXPECT-COUNT: klee-last .exec.err 1
#include "klee/klee.h"

static int twice(int x) {
  __asm__ volatile("addl %0, %0" : "+r"(x));
  return x;
}

int main(void) {
  int x = klee_int("x");
  if (x > 3)
    return twice(x);
  return 0;
}
