// A cat of its argument files, here the symbolic file A of 4 bytes named on the command line;
// a file named '-' is stdin. The contents are not looked at, but musl's stdout is line
// buffered until its first write: the first chunk written forks on which of its bytes is the
// last newline (none, or one of 3), the second (1 byte) when none was: 5 paths.
// RUN: --posix-runtime prog.bc A --sym-files 1 4
// EXPECT-DONE: completed paths = 5
// EXPECT-DONE: generated tests = 5
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: A-data A-data-stat model_version
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int status = 0;
  for (int i = 1; i < argc; i++) {
    int fd = argv[i][0] == '-' && !argv[i][1] ? 0 : open(argv[i], O_RDONLY);
    if (fd < 0) {
      printf("cannot open %s\n", argv[i]);
      status = 1;
      continue;
    }
    char buf[3];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
      fwrite(buf, 1, n, stdout);
    if (fd)
      close(fd);
  }
  return status;
}
