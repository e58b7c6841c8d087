// A program listing the symbolic file A as a directory, as `ls A` does (opendir, readdir):
// A is a directory on one path (its symbolic mode says so), listed empty, `.` and `..` only,
// as the directory klee-replay makes for it lists natively; on the other path opendir fails
// with ENOTDIR, as Linux's open with O_DIRECTORY does. Two paths, one test each. (Before,
// readdir of a symbolic directory failed with ENOTDIR on every path: `ls A` exited 2 where
// its native replay listed the directory and exited 0.)
// RUN: --posix-runtime prog.bc --sym-files 1 2
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: A-data A-data-stat model_version
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  DIR *d = opendir("A");
  if (!d) {
    printf("opendir: %s\n", errno == ENOTDIR ? "ENOTDIR" : "other");
    return errno == ENOTDIR ? 2 : 3;
  }
  int dot = 0, dotdot = 0, other = 0;
  errno = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (!strcmp(e->d_name, "."))
      dot++;
    else if (!strcmp(e->d_name, ".."))
      dotdot++;
    else
      other++;
  if (errno)
    return 4;
  closedir(d);
  printf("entries: . %d, .. %d, other %d\n", dot, dotdot, other);
  return dot == 1 && dotdot == 1 && other == 0 ? 0 : 5;
}
