// KLEE's texts for names and strings given to the klee_ functions: an empty name is renamed
// `unnamed` with a warning (the test's object is `unnamed`), a string without its terminator
// is read to its object's end with a warning and the path goes on, and a pointer into no
// object is the user error `Invalid string pointer passed to one of the klee_ functions`.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: WARNING: klee_make_symbolic: renamed empty name to "unnamed"
// EXPECT-STDERR: KLEE: WARNING ONCE: String not terminated by \0 passed to one of the klee_ functions
// EXPECT-STDERR: KLEE: WARNING: main: abc
// EXPECT-STDERR: KLEE: ERROR: ...: Invalid string pointer passed to one of the klee_ functions
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: klee_make_symbolic: renamed empty name to "unnamed"
// EXPECT-COUNT: klee-last .user.err 1
#include "klee/klee.h"

int main(void) {
  int x;
  char unterminated[3] = {'a', 'b', 'c'};
  klee_make_symbolic(&x, sizeof x, "");
  klee_warning(unterminated);
  klee_warning((const char *)(unsigned long)0x7000);
  return 0;
}
