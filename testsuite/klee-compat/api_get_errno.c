// klee_get_errno() (KLEE's API) is the program's errno: with the C library, musl's errno of
// the path (2, ENOENT, after opening a file that does not exist); without one (-libc=none)
// nothing sets errno and it is 0.
// TREX: prog.bc
// EXPECT-STDOUT: errno before: 0
// EXPECT-STDOUT: errno after: 2
// EXPECT-STDOUT: same: 1
#include "klee/klee.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int main(void) {
  printf("errno before: %d\n", klee_get_errno());
  int fd = open("no/such/file", O_RDONLY);
  printf("errno after: %d\n", fd < 0 ? klee_get_errno() : -1);
  printf("same: %d\n", klee_get_errno() == errno);
  return 0;
}
