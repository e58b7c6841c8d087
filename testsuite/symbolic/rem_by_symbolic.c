// Remainder by a symbolic divisor: the divisor 0 is an error path (`div`), the rest exits;
// unsigned and signed remainders at two lines: two errors, paths 1, tests 3.
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: div 16, div 17
#include <klee/klee.h>

static volatile int sink;

int main(void) {
  unsigned a;
  int b;
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  sink = 100u % a;
  sink = -77 % b;
  return 0;
}
