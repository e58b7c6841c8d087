// realloc to size 0 is KLEE's free (handleRealloc tries the size first): the result is null,
// for a null pointer too (realloc(NULL, 0) allocates nothing), and a symbolic pointer that
// may be no object's start is `memory error: invalid pointer: free` (KLEE's executeFree
// message), not `...: realloc`.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...realloc_zero_size.c:24: memory error: invalid pointer: free
// EXPECT-NO-STDERR: invalid pointer: realloc
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-COUNT: klee-last .assert.err 0
// EXPECT-DONE: completed paths = 2
#include "klee/klee.h"

void *malloc(unsigned long);
void *realloc(void *, unsigned long);

int main(void) {
  klee_assert(realloc(0, 0) == 0);
  char *a = malloc(4);
  // a + 1: an address no object starts at.
  char *cands[3] = {a, 0, a + 1};
  char *p = cands[klee_range(0, 3, "i")];
  // (The call is on a line of its own: the error's place.)
  char *q =
      realloc(p, 0);
  klee_assert(q == 0);
  return 0;
}
