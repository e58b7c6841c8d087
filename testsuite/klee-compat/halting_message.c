// A run halted with paths pending (here --max-instructions) prints KLEE's `halting execution,
// dumping remaining states` once, then dumps them as .early tests; `info` counts the explored
// paths (KLEE's `explored paths` line, in info only).
// TREX: -libc=none -max-instructions=200 -search=bfs -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: halting execution, dumping remaining states
// EXPECT-IN-FILE: klee-last/info | KLEE: done: explored paths = ...
// EXPECT-NO-STDERR: explored paths
#include "klee/klee.h"

int main(void) {
  unsigned char x[8];
  klee_make_symbolic(x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < 8; i++)
    if (x[i] > 100)
      n++;
  for (volatile int k = 0; k < 1000; k++)
    ;
  return n;
}
