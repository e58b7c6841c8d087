// klee_get_obj_size and klee_mark_global of a symbolic pointer (KLEE's resolveExact): one path
// per object it may be the start of, with its size, and KLEE's `memory error: invalid pointer:
// klee_get_obj_size` (.ptr.err) where it may be none (here one past an object's start).
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...api_exact_pointer.c:17: memory error: invalid pointer: klee_get_obj_size
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-DONE: completed paths = 2
#include "klee/klee.h"

void *malloc(unsigned long);

int main(void) {
  char *a = malloc(5), *b = malloc(9);
  char *cands[3] = {a, b, b + 1};
  char *p = cands[klee_range(0, 3, "i")];
  // Sizes 5 and 9: one path each.
  unsigned long n = klee_get_obj_size(p);
  // p is symbolic still, but one object's start on each path: no fork.
  klee_mark_global(p);
  if (n != 5 && n != 9)
    klee_abort();
  return (int)n;
}
