// The symbolic stdin's file type (as `tail -f` checks it) is one a native replay gives it: a
// regular file, a FIFO (a pipe) or a character device (a terminal): three paths. KLEE leaves
// the type free; before, a fourth path took a type no replay makes (e.g. none), on which
// `tail -f` gave up where its native replay, on a pipe, followed it.
// RUN: --posix-runtime prog.bc --sym-stdin 2
// EXPECT-DONE: completed paths = 3
// EXPECT-DONE: generated tests = 3
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: stdin stdin-stat model_version
#include <stdio.h>
#include <sys/stat.h>

int main(void) {
  struct stat st;
  if (fstat(0, &st) != 0)
    return 1;
  if (S_ISREG(st.st_mode))
    return 10;
  if (S_ISFIFO(st.st_mode))
    return 11;
  if (S_ISCHR(st.st_mode))
    return 12;
  puts("another type");
  return 13;
}
