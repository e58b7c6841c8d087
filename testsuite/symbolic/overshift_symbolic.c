// A left shift by a symbolic amount: amounts >= 32 are an `overshift` error path; the
// in-range path exits: paths 1, tests 2.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 2
// EXPECT-ERRORS: overshift 15
#include <klee/klee.h>

static volatile unsigned sink;

int main(void) {
  unsigned s;
  klee_make_symbolic(&s, sizeof s, "s");
  volatile unsigned one = 1;
  sink = one << s;
  return 0;
}
