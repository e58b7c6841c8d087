// writev of memory the input decides (issue 16: od's and tail's output through musl's
// __stdout_write): iov[0] starts at a symbolic address (buf + k), iov[1] has a symbolic
// length (2 - k), k = buf[0] & 1 (no fork). The length is enumerated as a system call's
// arguments are: one path per value (k = 0, k = 1), each printing its bytes (the input's,
// under the test's model) and returning 4 or 3: 2 paths, exit 0 and 1.
// RUN: --posix-runtime prog.bc --sym-stdin 4
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 2
// EXPECT-COUNT: .err 0
#include <sys/uio.h>
#include <unistd.h>

int main(void) {
  char buf[4];
  if (read(0, buf, 4) != 4)
    return 2;
  unsigned k = buf[0] & 1;
  struct iovec iov[2] = {{buf + k, 2}, {"!\n", 2 - k}};
  return writev(1, iov, 2) == 4 ? 0 : 1;
}
