// --external-call-warnings=all (KLEE's option): `calling external` at every call, not once
// per function (printf: 3 calls on each of 2 paths, 2 of them before the fork).
// TREX: -libc=none -external-call-warnings=all prog.bc
// EXPECT-STDERR-COUNT: 4 | KLEE: WARNING: calling external: printf(...
// EXPECT-NO-STDERR: WARNING ONCE
#include "klee/klee.h"

int printf(const char *, ...);
int snprintf(char *, unsigned long, const char *, ...);
unsigned long strlen(const char *);
double sqrt(double);

int main(void) {
  char buf[32];
  snprintf(buf, sizeof buf, "v=%d %.2f", 42, 0.5);
  printf("buf=<%s> len=%lu\n", buf, strlen(buf));
  printf("sqrt=%.3f\n", sqrt(2.25));
  if (klee_int("x") > 5)
    printf("big\n");
  else
    printf("small\n");
  return buf[0] == 'v' ? 0 : 1;
}
