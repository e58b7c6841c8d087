// trex cover: a loop with an input bound, so testing cannot explore every path within its
// time; the outcome `i > n` inside the loop is proved unreachable only by the proving step
// (loops abstracted: `i < n` holds at that branch whatever the iteration). `n == 50` is
// covered by a test before the loop. Without the proving step it stays open.
// LIBC: none
// EXPECT-ERRORS: none
// NO-CONCOLIC (unbounded loop)
// NO-REPLAY (unbounded loop: the native replay of the dumped states runs it)
// OPTIONS: --max-time=2
// EXPECT-COVER: --max-time=4 goals=6 covered=5 proved=1 open=0
// EXPECT-COVER: --max-time=2 --no-prove goals=6 covered=5 proved=0 open=1
#include <klee/klee.h>

int main(void) {
  unsigned n;
  klee_make_symbolic(&n, sizeof n, "n");
  unsigned i = 0;
  int r = 0;
  if (n == 50)
    r = 1;
  while (i < n) {
    if (i > n)
      r = -1;
    i++;
  }
  return r;
}
