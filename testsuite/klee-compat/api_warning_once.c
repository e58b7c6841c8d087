// klee_warning_once(msg) (KLEE's API) prints `KLEE: WARNING ONCE: <function>: msg` the first
// time only; klee_warning every time, as `KLEE: WARNING: <function>: msg`.
// TREX: -libc=none prog.bc
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: main: first
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: main: second
// EXPECT-STDERR-COUNT: 3 | KLEE: WARNING: main: each
#include "klee/klee.h"

int main(void) {
  for (int i = 0; i < 3; i++) {
    klee_warning_once("first");
    klee_warning_once("second");
    klee_warning("each");
  }
  return 0;
}
