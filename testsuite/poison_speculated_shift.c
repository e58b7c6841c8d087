// A guarded shift (csmith's safe_math pattern): at -O2 clang computes the shift before the
// guard and chooses with a select, so an over-wide amount makes poison the select discards.
// No error; the output equals the native program's. (The shift chosen: err_overshift_chosen.c.)
// EXPECT: exit 0
#include <stdio.h>

static short rshift(short left, unsigned right) {
  return (left < 0 || right >= 32) ? left : (short)(left >> right);
}

static int lshift(int left, int right) {
  return (left < 0 || right < 0 || right >= 32 || left > (2147483647 >> right)) ? left
                                                                               : left << right;
}

int main(void) {
  volatile unsigned r = 40;
  volatile short l = 111;
  printf("%d\n", rshift(l, r));
  r = 3;
  printf("%d\n", rshift(l, r));
  volatile int s = 33;
  printf("%d\n", lshift(5, s));
  s = 4;
  printf("%d\n", lshift(5, s));
  return 0;
}
