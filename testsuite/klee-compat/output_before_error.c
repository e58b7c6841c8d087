// Output the program wrote before an error on the same path is not lost: trex's C library
// writes stdout unbuffered (musl would buffer it, and an error ends the path without the
// exit-time flush), as KLEE's shows it. Here a line and a partial line, then an abort.
// TREX: prog.bc
// EXPECT-STDOUT: before the error
// EXPECT-STDOUT: no newline yet
// EXPECT-STDERR: KLEE: ERROR: ...output_before_error.c:14: abort failure
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  printf("before the error\n");
  printf("no newline yet");
  abort();
}
