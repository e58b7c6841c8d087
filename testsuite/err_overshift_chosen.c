// The twin of poison_speculated_shift.c: the guard does not exclude the over-wide amount, so
// the shift's result is chosen. At -O2 the shift is computed before the guard and chosen by a
// select: the error is reported when the select picks the poison, at the shift's line.
// EXPECT: error overshift
// EXPECT-MESSAGE: overshift error
#include <stdio.h>

static int lshift(int skip, int left, int right) {
  return skip ? 7 : left << right; // ERROR-LINE
}

int main(void) {
  volatile int s = 40;
  volatile int l = 5;
  volatile int k = 1;
  printf("%d\n", lshift(k, l, s));
  k = 0;
  printf("%d\n", lshift(k, l, s));
  return 0;
}
