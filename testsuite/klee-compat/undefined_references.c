// KLEE's start-up check of external symbols: each function and variable nothing defines gets
// `undefined reference to function: NAME` (or `variable`), after the output
// directory line, but for those KLEE does not warn about (getpid: static information) and
// trex's own (klee_int); `kill` is unsafe, named last. (The calls themselves run natively.)
// TREX: -libc=none prog.bc
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: undefined reference to function: abs
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: undefined reference to variable: environ
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: undefined reference to function: labs
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING: undefined reference to function: kill (UNSAFE)!
// EXPECT-STDERR: KLEE: WARNING: undefined reference to variable: environ
// EXPECT-NO-STDERR: getpid
#include "klee/klee.h"
extern char **environ;
int abs(int);
long labs(long);
int getpid(void);
int kill(int, int);

int main(int argc, char **argv) {
  if (argc > 5)
    kill(getpid(), 9); // never runs
  return abs(-2) + (int)labs(-3) + (environ != 0) - 6 + klee_int("x") * 0;
}
