// The search order decides what --max-tests lets through. Two nested branches give 4 paths;
// the running path takes the true side of each branch and forks the false one. The first path
// (TT) exits. Under dfs the next is the newest fork, TF, which aborts; the run then halts and
// the pending F is dumped (.early): 3 tests, only TF's error. (Under bfs the next is the oldest
// fork, F, which runs on to FT: sched_order_bfs.c.)
// OPTIONS: --search=dfs --max-tests=2
// ONE-THREAD (which paths --max-tests lets through is the order one thread explores in)
// LIBC: none
// ONLY: O0 (which side of a branch is its true side is the compiler's choice at -O2)
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: abort 27
// NO-CONCOLIC (the pending path dumped at the halt: a concolic run has none)
// NO-REPLAY (an .early test stops mid-path: natively its input runs on into either side)
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void a(void) { sink += 1; }

int main(void) {
  unsigned x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x & 1) {
    if (x & 2)
      a();
    else
      klee_abort(); // TF
  } else {
    if (x & 2)
      klee_abort(); // FT
    else
      a();
  }
  return 0;
}
