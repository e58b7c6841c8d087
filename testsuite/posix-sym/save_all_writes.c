// --save-all-writes: a write past the end of a symbolic file is KLEE's failed assert(0), an
// error of the path that could write (the other one is refused by the file's mode).
// RUN: --posix-runtime prog.bc --sym-files 1 2 --save-all-writes
// EXPECT-DONE: completed paths = 1
// EXPECT-DONE: partially completed paths = 1
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: .assert.err 1
// NATIVE: no (its one test without an error is the path on which KLEE's has_permission refuses open(O_WRONLY) to a mode without a write bit; the native replay runs as root, whom Linux refuses no write)
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  int fd = open("A", O_WRONLY);
  if (fd < 0) {
    puts("no access");
    return 1;
  }
  write(fd, "xyz", 3);
  return 0;
}
