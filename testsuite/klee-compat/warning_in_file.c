// The program's klee_warning and klee_warning_once lines go where KLEE's klee_warning writes
// them: stderr, in order with the program's output, and warnings.txt.
// TREX: prog.bc
// EXPECT-STDERR: KLEE: WARNING: main: checked 3
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: main: once
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: main: checked 3
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING ONCE: main: once
#include <stdio.h>
#include "klee/klee.h"

int main(void) {
  char msg[16];
  snprintf(msg, sizeof msg, "checked %d", 3);
  fprintf(stderr, "before\n");
  klee_warning(msg);
  for (int i = 0; i < 2; i++)
    klee_warning_once("once");
  fprintf(stderr, "after\n");
  return 0;
}
