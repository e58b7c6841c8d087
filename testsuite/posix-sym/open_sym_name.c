// A file named by a symbolic argument (1 character), with one symbolic file A of 2 bytes: as
// in KLEE's POSIX runtime, the name is the symbolic file's ("A"), or made concrete, forking on
// its characters being NUL or '/' (the empty name, "/": a directory, whose read fails) and
// taking one value for the others: 4 paths, and a warning.
// RUN: --posix-runtime prog.bc --sym-arg 1 --sym-files 1 2
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
// EXPECT-COUNT: .err 0
// EXPECT-STDERR: KLEE: WARNING ONCE: a symbolic file name was made concrete (KLEE's POSIX runtime: its other values are not explored)
// EXPECT-OBJECTS: arg00 A-data A-data-stat model_version
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    puts("cannot open");
    return 1;
  }
  char b[2];
  ssize_t n = read(fd, b, 2);
  printf("read %d\n", (int)n);
  return 0;
}
