// --kdalloc=false: without KLEE's deterministic allocator a dangling heap pointer is no longer
// recognised: a second free is `invalid pointer: free`, a read through it `out of bound
// pointer` (with it, the default: `double free` and `use after free`); all .ptr.err.
// TREX: -libc=none -kdalloc=false prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: invalid pointer: free
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: out of bound pointer
// EXPECT-NO-STDERR: double free
// EXPECT-COUNT: klee-last .ptr.err 2
#include "klee/klee.h"

void *malloc(unsigned long);
void free(void *);

int main(void) {
  int c;
  klee_make_symbolic(&c, sizeof c, "c");
  volatile char *p = malloc(8);
  free((char *)p);
  if (c)
    free((char *)p);
  return p[1];
}
