// A program checking the stat data of the symbolic file A (its mode is symbolic, as KLEE's,
// its size fixed): one path per kind of file it tells apart and per permission checked;
// opening A read-only sets its permission bits to the open mode (0) minus the umask, as in
// KLEE's model: a directory, not a regular file, regular with or without S_IXUSR.
// RUN: --posix-runtime prog.bc --sym-files 1 2
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: A-data A-data-stat model_version
// NATIVE: no (each of its 4 paths stands on stat data klee-replay cannot make: a directory of size 2; the stat of A answering for a link itself, where klee-replay's A is a real link that stat follows to a regular A.lnk; on the regular paths, the permission bits KLEE's open sets to the open mode, 0)
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  struct stat st;
  if (stat("A", &st) != 0)
    return 1;
  if (st.st_size != 2)
    return 2;
  if (S_ISDIR(st.st_mode)) {
    puts("directory");
    return 3;
  }
  if (!S_ISREG(st.st_mode)) {
    puts("not regular");
    return 4;
  }
  if (st.st_mode & S_IXUSR)
    puts("executable");
  int fd = open("A", O_RDONLY);
  if (fd < 0)
    return 5;
  struct stat after;
  fstat(fd, &after);
  if (after.st_mode & 0777)
    return 6; // not reachable: KLEE's open sets the permission bits to 0 & ~umask
  puts("regular");
  return 0;
}
