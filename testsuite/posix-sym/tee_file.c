// tee's core (issue 16): symbolic stdin copied into a file the program creates, read back
// and decided on. The file's bytes are the stdin's symbolic bytes, so the read gives the path
// the same values: the first byte read back being 'x' or not forks (2 paths); a third byte
// appended with O_APPEND after an lseek to 0 lands at the end. Natively the file is made in
// the replay directory.
// RUN: --posix-runtime prog.bc out.txt --sym-stdin 2
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: stdin stdin-stat model_version
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    puts("cannot create");
    return 1;
  }
  char buf[8];
  ssize_t n;
  while ((n = read(0, buf, sizeof buf)) > 0)
    write(fd, buf, n);
  close(fd);
  fd = open(argv[1], O_WRONLY | O_APPEND);
  lseek(fd, 0, SEEK_SET);
  write(fd, "!", 1);
  close(fd);
  fd = open(argv[1], O_RDONLY);
  char c[4];
  n = read(fd, c, sizeof c);
  if (n != 3 || c[2] != '!')
    return 2;
  if (c[0] == 'x') {
    puts("x first");
    return 3;
  }
  puts("other");
  return 0;
}
