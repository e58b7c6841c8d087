// Options that only tune KLEE's performance (its solver chain, allocator sizes, switch lowering):
// accepted, one warning line each (on stderr and in warnings.txt), the run unchanged.
// TREX: -use-cex-cache=false -use-independent-solver=0 --switch-type=simple -kdalloc-heap-size=1024 prog.bc
// TREX: --use-cex-cache=0 -use-independent-solver=false -switch-type internal --kdalloc-heap-size 64 prog.bc
// EXPECT-STDERR: trex: warning: --use-cex-cache only tunes KLEE's performance; ignored
// EXPECT-STDERR: trex: warning: --use-independent-solver only tunes KLEE's performance; ignored
// EXPECT-STDERR: trex: warning: --switch-type only tunes KLEE's performance; ignored
// EXPECT-STDERR: trex: warning: --kdalloc-heap-size only configures KLEE's allocator...
// EXPECT-IN-FILE: klee-last/warnings.txt | trex: warning: --use-cex-cache only tunes KLEE's performance; ignored
// EXPECT-DONE: completed paths = 3
// EXPECT-DONE: generated tests = 3
#include "klee/klee.h"

int main(void) {
  unsigned char c;
  klee_make_symbolic(&c, sizeof c, "c");
  switch (c) {
  case 'a':
    return 1;
  case 'b':
    return 2;
  default:
    return 0;
  }
}
