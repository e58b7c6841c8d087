// reallocarray (issue 16: coreutils' wc calls it): grows an array, keeps its contents, and
// fails with ENOMEM (the old block kept) when the size overflows.
// EXPECT: exit 0
// M32
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *a = reallocarray(NULL, 4, sizeof *a);
  if (!a)
    return 1;
  for (int i = 0; i < 4; i++)
    a[i] = i * i;
  int *b = reallocarray(a, 100, sizeof *b);
  if (!b)
    return 2;
  b[99] = 7;
  printf("%d %d %d %d %d\n", b[0], b[1], b[2], b[3], b[99]);
  errno = 0;
  int *c = reallocarray(b, SIZE_MAX / 2, 4);
  printf("overflow %d ENOMEM %d, old kept %d\n", c == NULL, errno == ENOMEM, b[3]);
  free(b);
  return 0;
}
