// realloc of a symbolic pointer (KLEE's handleRealloc): one path per heap object it may be
// the start of (that object is moved to a new one of the new size, its bytes kept), one where
// it is null (a new object), and `memory error: invalid pointer: realloc` (.ptr.err) where it
// may be none of these.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...realloc_symbolic_pointer.c:21: memory error: invalid pointer: realloc
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-DONE: completed paths = 3
#include "klee/klee.h"

void *malloc(unsigned long);
void *realloc(void *, unsigned long);

int main(void) {
  char *a = malloc(4), *b = malloc(4);
  a[0] = 'a';
  b[0] = 'b';
  char *cands[4] = {a, b, 0, b + 2};
  unsigned i = klee_range(0, 4, "i");
  char *p = cands[i];
  char *q = realloc(p, 64);
  q[63] = 1;
  if (i < 2 && q[0] != "ab"[i])
    klee_abort();
  return 0;
}
