// klee_make_symbolic's pointer must be an object's start, as KLEE's resolveExact checks it: a
// symbolic pointer forks one path per object it may be the start of, and anything else (null,
// a pointer inside an object) is `memory error: invalid pointer: make_symbolic` (.ptr.err),
// not a user error about the size nor a null page access.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...make_symbolic_pointer.c:21: memory error: invalid pointer: make_symbolic
// EXPECT-STDERR: KLEE: ERROR: ...make_symbolic_pointer.c:25: memory error: invalid pointer: make_symbolic
// EXPECT-STDERR: KLEE: ERROR: ...make_symbolic_pointer.c:27: memory error: invalid pointer: make_symbolic
// EXPECT-COUNT: klee-last .ptr.err 3
// EXPECT-COUNT: klee-last .user.err 0
// EXPECT-DONE: completed paths = 2
#include "klee/klee.h"

int main(void) {
  char a[4], b[4];
  unsigned k = klee_range(0, 4, "k");
  if (k < 2) {
    // Symbolic: a, b, or a + 1 (no object's start).
    char *cands[3] = {a, b, a + 1};
    char *p = cands[klee_range(0, 3, "i")];
    klee_make_symbolic(p, 4, "p");
    return 0;
  }
  if (k == 2)
    klee_make_symbolic(a + 2, 2, "inside");
  else
    klee_make_symbolic((void *)0, 4, "null");
  return 0;
}
