// verify: the default targets are the program's own call sites only: the C library linked in
// (printf, malloc, qsort: musl's code has abort calls of its own) adds none. One own target,
// reachable.
// EXPECT-VERDICT: @mine REACHABLE
// EXPECT-LISTED: @mine main abort
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <klee/klee.h>

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main(void) {
  int v[3] = {3, 1, 2};
  qsort(v, 3, sizeof v[0], cmp);
  char *p = malloc(16);
  strcpy(p, "abc");
  printf("%s %d\n", p, v[0]);
  free(p);
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == v[2] * 100)
    abort(); // @mine
  return 0;
}
