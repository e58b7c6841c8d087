// --sym-stdout: stdout is a symbolic file of 1024 bytes (nothing reaches trex's stdout); the
// fstat of it is the file's stat data (size 1024). musl's first write to stdout asks
// TIOCGWINSZ, which forks on the file's symbolic mode being a character device, as in KLEE:
// 2 paths per answer.
// RUN: --posix-runtime prog.bc --sym-arg 1 --sym-stdout
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: arg00 stdout stdout-stat model_version
// NATIVE-SKIP: stdout-stat chr (a terminal's size is 0, where KLEE's model gives the symbolic stdout its 1024 bytes: fstat fails the size check natively)
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  struct stat st;
  if (fstat(1, &st) != 0 || st.st_size != 1024)
    return 1;
  if (argv[1][0] == 'y')
    printf("yes\n");
  else
    printf("no\n");
  return 0;
}
