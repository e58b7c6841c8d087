// klee_open_merge / klee_close_merge (KLEE's API): without KLEE's --use-merge (which trex
// refuses: it has no state merging) KLEE ignores them with a warning, once each: the paths
// go on unmerged.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: WARNING ONCE: klee_open_merge ignored, use '-use-merge'
// EXPECT-STDERR: KLEE: WARNING ONCE: klee_close_merge ignored, use '-use-merge'
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING ONCE: klee_open_merge ignored, use '-use-merge'
// EXPECT-DONE: completed paths = 3
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x"), r = 0;
  for (int i = 0; i < 2; i++) {
    klee_open_merge();
    if (x == i)
      r = 1;
    klee_close_merge();
  }
  return r;
}
