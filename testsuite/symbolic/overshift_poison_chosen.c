// A shift by a concrete over-wide amount whose result is chosen on a symbolic condition: at -O2
// the shift is computed before the condition and chosen by a select (poison until picked); the
// side where the select picks it is the overshift error, the other side exits normally. At -O0
// the shift runs on its branch only: the same error and path. (At -O2 the error is reported
// where the select picks the poison: the same line here.)
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: overshift 18
#include <klee/klee.h>

static volatile int amount = 40;

int main(void) {
  int skip, left = 5;
  klee_make_symbolic(&skip, sizeof skip, "skip");
  int s = amount;
  return (skip ? 7 : left << s) & 1;
}
