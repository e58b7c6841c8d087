// KLEE's default allocator (kdalloc): a second free of a heap block is `memory error: double
// free`, a read through a dangling heap pointer `memory error: use after free`; both .ptr.err.
// TREX: -libc=none prog.bc
// TREX: -libc=none -kdalloc prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: double free
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: use after free
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
