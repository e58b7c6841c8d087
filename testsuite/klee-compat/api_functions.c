// More of KLEE's API (klee.h): klee_print_expr prints `msg:value` on stderr (a constant in
// decimal; a symbolic value as an expression, in trex's form rather than KLEE's ReadLSB),
// klee_get_obj_size gives the size of the object a pointer starts, klee_is_replay is 0 in a
// symbolic run, and klee_check_memory_access ends the path with KLEE's `check_memory_access:
// memory error` (.ptr.err) when the range is not in one object, here when the input is over 4.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: size:24
// EXPECT-STDERR: replay:0
// EXPECT-STDERR: x:(...
// EXPECT-STDERR: KLEE: ERROR: ...api_functions.c:31: check_memory_access: memory error
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

void *malloc(unsigned long);

int main(void) {
  int *p = malloc(24);
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_print_expr("size", klee_get_obj_size(p));
  klee_print_expr("replay", klee_is_replay());
  klee_print_expr("x", x);
  klee_check_memory_access(p, 24);
  if (x > 4) {
    x = 7;
  } else {
    x = 2;
  }
  // 7 ints do not fit in 24 bytes.
  klee_check_memory_access(p, x * sizeof(int));
  return 0;
}
