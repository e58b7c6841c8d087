// --entry-point runs the named function as the program (through the C library's start-up
// code, as KLEE does through uClibc's), its output on stdout; `main` is not run.
// TREX: --entry-point=other_main prog.bc
// EXPECT-STDOUT: Hello World
// EXPECT-NO-STDERR: from main
// EXPECT-DONE: completed paths = 1
#include <stdio.h>

int other_main(void) {
  printf("Hello World\n");
  return 0;
}

int main(void) {
  fprintf(stderr, "from main\n");
  return 1;
}
