// System-call failure injection (--max-fail 1): each read of stdin (2 bytes, symbolic) may
// fail once per path (EIO), and the final write of stdout too: the first read fails, or the
// second, or the write, or nothing does (counting zeros does not fork).
// RUN: --posix-runtime prog.bc --sym-stdin 2 --max-fail 1
// EXPECT-DONE: completed paths = 4
// EXPECT-DONE: generated tests = 4
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: stdin stdin-stat read_fail write_fail close_fail ftruncate_fail getcwd_fail model_version
// NATIVE: no (3 of its 4 tests inject a failure, which a native run has no counterpart for; nor do the objects tell which test injects none: a counter fails the call whose number it equals, and only the run counts the calls)
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  char buf[2];
  ssize_t n = read(0, buf, 2);
  if (n < 0)
    return errno == EIO ? 10 : 11;
  int zeros = 0;
  for (ssize_t i = 0; i < n; i++)
    zeros += buf[i] == 0;
  n = read(0, buf, 2);
  if (n != 0)
    return n < 0 ? 12 : 13;
  char out[2] = {'0' + zeros, '\n'};
  if (write(1, out, 2) != 2)
    return 14;
  return 0;
}
