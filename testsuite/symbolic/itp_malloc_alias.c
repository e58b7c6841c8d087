// Interpolation through memory: a malloc'ed counter updated through an alias (q == p) on each
// of 6 symbolic branches, then the bound checked through p. The cells are named by their
// object, so later states with the same count (and others within the learnt bounds) are
// subsumed.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 64
// EXPECT-TESTS: 64
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 10
#include <klee/klee.h>
#include <stdlib.h>
__attribute__((noinline)) void inc(int *c) { *c += 1; }
__attribute__((noinline)) void dec(int *c) { *c -= 2; }
int main(void) {
  unsigned char in[6];
  klee_make_symbolic(in, sizeof in, "in");
  int *p = malloc(sizeof(int));
  int *q = p;
  *p = 0;
  for (int i = 0; i < 6; i++) {
    if (in[i] & 1) inc(q); else dec(q);
  }
  klee_assert(*p >= -12 && *p <= 6);
  free(p);
  return 0;
}
