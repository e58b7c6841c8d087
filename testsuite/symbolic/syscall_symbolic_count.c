// A system call whose byte count is an input (coreutils' head -c N reads min(N, buffer)):
// one exact path per feasible count, smallest first, instead of an unsupported end.
// n in [0, 3]: 4 paths; stdin is empty, so each read returns 0.
// EXPECT-PATHS: 4
// EXPECT-TESTS: 4
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <unistd.h>

int main(void) {
  unsigned n;
  char buf[4];
  klee_make_symbolic(&n, sizeof n, "n");
  klee_assume(n < 4);
  return (int)read(0, buf, n);
}
