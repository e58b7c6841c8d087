// External calls run natively (KLEE's --external-calls=concrete, its default): with
// --libc=none, printf, snprintf, strlen and the math library's sqrt are the host's; the
// objects a call reaches are copied out and the bytes it writes copied back (snprintf's
// buffer, then read by the program); KLEE's `calling external` warning, once per function,
// with the call's arguments and location.
// TREX: -libc=none prog.bc
// EXPECT-STDOUT: buf=<v=42 0.50> len=9
// EXPECT-STDOUT: sqrt=1.500
// EXPECT-STDOUT: big
// EXPECT-STDOUT: small
// EXPECT-STDERR: KLEE: WARNING ONCE: calling external: snprintf(..., 32, ..., 42, 4602678819172646912) at ...external_calls_host_libc.c:24 3
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: calling external: printf(...
// EXPECT-NO-STDERR: failed external call
// EXPECT-DONE: completed paths = 2
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
