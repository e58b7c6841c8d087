// A string the klee_ functions read from memory counts with the values its bytes have on the
// path (KLEE's readStringAtAddress makes each byte unique): a message or object name built
// from input that the path fixes reads as its text; a byte with several values is still an
// error (a user error here; KLEE aborts on its assertion).
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: WARNING: main: hi
// EXPECT-STDERR: KLEE: ERROR: ...warning_constrained_string.c:30: symbolic string (its bytes) passed to one of the klee_ functions
// EXPECT-COUNT: klee-last .user.err 1
// EXPECT-DONE: completed paths = 1
// EXPECT-STDERR: KLEE: WARNING: main: name
#include "klee/klee.h"

int main(void) {
  char buf[3];
  klee_make_symbolic(buf, sizeof buf, "buf");
  if (klee_range(0, 2, "which") == 0) {
    klee_assume(buf[0] == 'h');
    klee_assume(buf[1] == 'i');
    klee_assume(buf[2] == 0);
    klee_warning(buf);
    // The object's name read from the same fixed bytes.
    char name[5] = {'n', buf[0] - 'h' + 'a', 'm', 'e', buf[2]};
    char other[3];
    klee_make_symbolic(other, sizeof other, name);
    klee_warning(name);
    return 0;
  }
  klee_assume(buf[1] == 0);
  // buf[0] may be any byte.
  klee_warning(buf);
  return 0;
}
