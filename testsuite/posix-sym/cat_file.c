// A cat of its argument files, here the symbolic file A of 4 bytes named on the command line;
// a file named '-' is stdin. The contents are not looked at, and trex's stdout is unbuffered
// (musl's line buffering forked on which byte written was the last newline): 1 path.
// RUN: --posix-runtime prog.bc A --sym-files 1 4
// EXPECT-DONE: completed paths = 1
// EXPECT-DONE: generated tests = 1
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
