// free of a symbolic pointer (KLEE's executeFree): one path per object it may be the start of
// (each frees that object, or reports a local one as `free of alloca`), one where it is null
// (free(NULL) does nothing), and a `memory error: invalid pointer: free` (.ptr.err) path where
// it may be none of these.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...free_symbolic_pointer.c:22: free of alloca
// EXPECT-STDERR: KLEE: ERROR: ...free_symbolic_pointer.c:22: memory error: invalid pointer: free
// EXPECT-COUNT: klee-last .free.err 1
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-DONE: completed paths = 3
#include "klee/klee.h"

void *malloc(unsigned long);
void free(void *);

int main(void) {
  char local[4];
  char *a = malloc(4), *b = malloc(4);
  // a + 1: an address no object starts at.
  char *cands[5] = {a, b, 0, local, a + 1};
  char *p = cands[klee_range(0, 5, "i")];
  free(p);
  return 0;
}
