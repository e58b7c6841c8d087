// Without --load, a function the host's process does not have either is `failed external
// call: NAME` (.external.err) where it is called.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_unresolved.c:26: failed external call: ext_sum
// EXPECT-COUNT: klee-last .external.err 1
#ifdef TREX_NATIVE_LIB
struct box { int *vals; int n; char tag[8]; };
int ext_sum(struct box *b) {
  int s = 0;
  for (int i = 0; i < b->n; i++)
    s += b->vals[i];
  b->tag[0] = 'd'; b->tag[1] = 'o'; b->tag[2] = 'n'; b->tag[3] = 'e'; b->tag[4] = 0;
  return s;
}
int ext_crash(int *p) { return *(volatile int *)(p + (1L << 40)); }
#else
#include "klee/klee.h"
int printf(const char *, ...);
struct box { int *vals; int n; char tag[8]; };
int ext_sum(struct box *b);
int ext_crash(int *p);

int main(void) {
  int vals[4] = {1, 2, 3, 4};
  struct box b = {vals, 4, "none"};
  int s = ext_sum(&b);
  printf("sum=%d tag=%s\n", s, b.tag);
  if (klee_int("x"))
    return ext_crash(vals);
  return 0;
}
#endif
