// A division by zero in `srem` / `urem` is reported where KLEE reports it: KLEE's DivCheck pass
// calls klee_div_zero_check before the instruction with the instruction's debug location, and
// the error names that call's place (klee_div_zero_check is internal): the line of the `%`
// operator, here not the line of its divisor, for promoted chars and 128-bit values too.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...rem_div_zero_location.c:21: divide by zero
// EXPECT-STDERR: KLEE: ERROR: ...rem_div_zero_location.c:24: divide by zero
// EXPECT-STDERR: KLEE: ERROR: ...rem_div_zero_location.c:27: divide by zero
// EXPECT-STDERR: KLEE: ERROR: ...rem_div_zero_location.c:30: divide by zero
// EXPECT-COUNT: klee-last .div.err 4
// EXPECT-IN-FILE: klee-last/test000001.div.err | Line: 21
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  unsigned u = (unsigned)klee_int("u");
  signed char c = (signed char)klee_int("c");
  __int128 w = klee_int("w");
  // Each operator on its own line, its divisor on the next.
  int r = 7 %
      x;
  // (unsigned)
  unsigned s = 9u %
      u;
  // (a promoted char)
  int t = (signed char)5 %
      c;
  // (128 bits)
  __int128 v = (__int128)11 %
      w;
  return r + (int)s + t + (int)v;
}
