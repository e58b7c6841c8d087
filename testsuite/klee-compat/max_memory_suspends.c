// --max-memory: over the cap, a pending path that has not run since its fork is suspended as
// its fork decisions and replayed from the start once the paths still in memory are done
// (or half of them), where KLEE kills it. Breadth-first, each of this program's 1,024 paths
// holds its own copy of the 256 KiB buffer: 512 pending paths (128 MiB) exceed the 100 MB cap,
// and yet every path completes, none is killed, on one thread or two.
// TREX: -libc=none --no-interpolation --search=bfs --max-memory=100 prog.bc
// TREX: -libc=none --no-interpolation --search=bfs --max-memory=100 --threads 2 prog.bc
// EXPECT-DONE: completed paths = 1024
// EXPECT-DONE: partially completed paths = 0
// EXPECT-DONE: paths suspended over the memory cap > 0
// EXPECT-NO-STDERR: killing
// EXPECT-NO-STDERR: were not resumed
#include "klee/klee.h"

static char buf[1 << 18];

int main(void) {
  int x[10];
  klee_make_symbolic(x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < 10; i++) {
    if (x[i] > 0) {
      // A write after the fork: the path's own copy of the buffer.
      for (unsigned k = 0; k < sizeof buf; k += 4096)
        buf[k] = (char)(i + 1);
      n++;
    } else {
      buf[i] = 0;
    }
  }
  return buf[100] + n;
}
