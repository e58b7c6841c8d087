// Floating point on symbolic values (here long double, with --libc=klee) is made concrete as
// KLEE's toConstant does, with its warning printed by klee_warning_once keyed by the reason:
// one `KLEE: WARNING ONCE: silently concretizing (reason: floating point) ...` line in the
// run, however many operations and places are concretized.
// TREX: --libc=klee prog.bc
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: silently concretizing (reason: floating point) expression ...
// EXPECT-NO-STDERR: KLEE: WARNING: silently concretizing
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING ONCE: silently concretizing (reason: floating point) ...
// EXPECT-DONE: completed paths = 2
#include <string.h>
#include "klee/klee.h"

int main(void) {
  int k = klee_int("k");
  char buf[sizeof(long double)];
  klee_make_symbolic(buf, sizeof buf, "buf");
  long double d;
  memcpy(&d, buf, sizeof d);
  // Two paths, each concretizing at two places.
  if (k > 0)
    return d > 1.5L * k;
  return d < 2.5L * k;
}
