// An undefined weak function or variable is null, as the linker makes it: a program testing
// whether it exists takes the null side; a weak function the program defines is not null.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: TREX: program exited with status 15
#include "klee/klee.h"

extern int optional_hook(int) __attribute__((weak));
extern int optional_setting __attribute__((weak));
int present_hook(int) __attribute__((weak));
int present_hook(int x) { return x + 1; }

int main(void) {
  int r = 0;
  if (&optional_hook)
    r += optional_hook(1) + 100;
  else
    r += 1;
  if (&optional_setting)
    r += optional_setting + 100;
  else
    r += 10;
  if (&present_hook)
    r += present_hook(3);
  return r;
}
