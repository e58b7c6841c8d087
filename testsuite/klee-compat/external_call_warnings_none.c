// --external-call-warnings=none (KLEE's option): no `calling external` warning; the calls
// still run.
// TREX: -libc=none -external-call-warnings=none prog.bc
// EXPECT-NO-STDERR: calling external
// EXPECT-STDOUT: sqrt=1.500
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
