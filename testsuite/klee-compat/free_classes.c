// KLEE's classes of bad frees (kdalloc, KLEE's default): the start of a local is `free of
// alloca` and of a global `free of global` (.free.err); a heap block freed twice is
// `memory error: double free` and the middle of a heap block `invalid pointer: free`
// (.ptr.err); one path per case, chosen by the input.
// TREX: -libc=none -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...: free of alloca
// EXPECT-STDERR: KLEE: ERROR: ...: free of global
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: double free
// EXPECT-STDERR: KLEE: ERROR: ...: memory error: invalid pointer: free
// EXPECT-COUNT: klee-last .free.err 2
// EXPECT-COUNT: klee-last .ptr.err 2
// EXPECT-IN-FILE: klee-last/test000001.free.err | Error: free of alloca
// EXPECT-DONE: completed paths = 1
#include "klee/klee.h"

void *malloc(unsigned long);
void free(void *);

static int global;

int main(void) {
  int c, local = 0;
  klee_make_symbolic(&c, sizeof c, "c");
  char *p = malloc(8);
  if (c == 0) {
    free(&local);
  } else if (c == 1) {
    free(&global);
  } else if (c == 2) {
    free(p);
    free(p);
  } else if (c == 3) {
    free(p + 4);
  }
  return local;
}
