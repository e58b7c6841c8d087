// klee_mark_global(p) (KLEE's API): the object p starts counts as a global from then on, so
// freeing it is KLEE's `free of global` (.free.err); a pointer that is not an object's start
// is `memory error: invalid pointer: mark_global` (.ptr.err).
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...api_mark_global.c:19: free of global
// EXPECT-STDERR: KLEE: ERROR: ...api_mark_global.c:21: memory error: invalid pointer: mark_global
// EXPECT-COUNT: klee-last .free.err 1
// EXPECT-COUNT: klee-last .ptr.err 1
#include "klee/klee.h"

void *malloc(unsigned long);
void free(void *);

int main(void) {
  char *p = malloc(8);
  char *q = malloc(8);
  klee_mark_global(p);
  if (klee_int("x") == 1)
    free(p);
  free(q);
  klee_mark_global(q + 0 == p ? p : p + 1);
  return 0;
}
