// Everything after the program is the program's, never trex's: options of trex and KLEE, `-`
// and `--` reach argv as written.
// TREX: -libc=uclibc prog.bc -max-time=5 --output-dir x - --
// TREX: -max-time 60 -- prog.bc -max-time=5 --output-dir x - --
// EXPECT-STDOUT: argc=6
// EXPECT-STDOUT: argv[1]=-max-time=5
// EXPECT-STDOUT: argv[2]=--output-dir
// EXPECT-STDOUT: argv[3]=x
// EXPECT-STDOUT: argv[4]=-
// EXPECT-STDOUT: argv[5]=--
// EXPECT-STDERR: TREX: program exited with status 6
// EXPECT-FILE: klee-last/test000001.ktest
#include <stdio.h>

int main(int argc, char **argv) {
  printf("argc=%d\n", argc);
  for (int i = 1; i < argc; i++)
    printf("argv[%d]=%s\n", i, argv[i]);
  return argc;
}
