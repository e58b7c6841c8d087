// --libc=uclibc (KLEE's full C library) links trex's full C library, musl, with a warning
// saying so.
// TREX: -libc=uclibc prog.bc
// TREX: -libc uclibc -max-time=60 prog.bc
// EXPECT-STDERR: trex: warning: --libc=uclibc: trex uses --libc=musl instead
// EXPECT-STDOUT: 42 is forty-two
// EXPECT-STDERR: TREX: program exited with status 0
#include <stdio.h>

int main(void) {
  printf("%d is %s\n", 42, "forty-two");
  return 0;
}
