// Writing a symbolic file (A, 2 bytes): opening it O_RDWR forks on its symbolic mode as
// KLEE's has_permission does (refused when a read bit is set, KLEE's quirk, or when no write
// bit is: 2 paths; allowed otherwise); a write past its end is cut short (KLEE keeps
// the file's size) yet returns the whole count, and what was written reads back.
// RUN: --posix-runtime prog.bc --sym-files 1 2
// EXPECT-DONE: completed paths = 3
// EXPECT-DONE: generated tests = 3
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: A-data A-data-stat model_version
// NATIVE: no (KLEE's has_permission is not Linux's: it refuses O_RDWR to a mode with a read bit and opens a directory for writing, and root is refused nothing natively; a write past a symbolic file's end is cut short where a native file grows)
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int fd = open("A", O_RDWR);
  if (fd < 0) {
    puts("no access");
    return 1;
  }
  if (write(fd, "xyz", 3) != 3)
    return 2;
  if (lseek(fd, 0, SEEK_SET) != 0)
    return 3;
  char b[4] = {0};
  if (read(fd, b, 4) != 2)
    return 4;
  puts(b);
  return 0;
}
