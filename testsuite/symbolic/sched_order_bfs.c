// The search order decides what --max-tests lets through. Two nested branches give 4 paths;
// the running path takes the true side of each branch and forks the false one. The first path
// (TT) exits. Under bfs the next is the oldest fork, F, which forks FF and runs on to FT, which
// aborts; the run then halts and the pending TF and FF are dumped (.early): 4 tests, only FT's
// error. (Under dfs the next is TF: sched_order_dfs.c.)
// OPTIONS: --search=bfs --max-tests=2
// ONE-THREAD (which paths --max-tests lets through is the order one thread explores in)
// LIBC: none
// ONLY: O0 (which side of a branch is its true side is the compiler's choice at -O2)
// EXPECT-PATHS: 1
// EXPECT-TESTS: 4
// EXPECT-ERRORS: abort 30
// NO-CONCOLIC (the forking searchers and their pending paths)
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
