// assembly.ll holds the final linked module, as KLEE's does: the program's functions and the
// C library's it was linked with, under KLEE's module identifier (the program's path as
// given).
// TREX: prog.bc
// EXPECT-IN-FILE: klee-last/assembly.ll | ; ModuleID = 'prog.bc'
// EXPECT-IN-FILE: klee-last/assembly.ll | define ... @main() ...
// EXPECT-IN-FILE: klee-last/assembly.ll | define ... @strlen(...
// EXPECT-COUNT: klee-last .ptr.err 1
#include <string.h>
#include "klee/klee.h"

int main(void) {
  const char *s = klee_int("null") ? 0 : "abc";
  return (int)strlen(s);
}
