// Floating point on symbolic values is made concrete, as KLEE does without its floating-point
// extension: the operand takes one value, which the path keeps (the equality joins its path
// condition), with KLEE's warning once in the run (`WARNING ONCE`, KLEE's toConstant). x < 0
// forks (2 paths); the conversion of x fixes it on each path, so x == 12345 forks no more; the
// symbolic double d is carried through memory as its bits and fixed at its comparison: 2
// paths, 2 locations concretized, 1 warning.
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
// EXPECT-WARNING: 1 silently concretizing (reason: floating point)
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void hit(int k) { sink = k; }
volatile double k = 0.1;

int main(void) {
  int x;
  double d;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&d, sizeof d, "d");
  if (x < 0)
    hit(0);
  double y = (double)x * k;
  if (y > 1.0)
    hit(1);
  if (x == 12345)
    hit(2);
  double e = d;
  if (e > 2.5)
    hit(3);
  return 0;
}
