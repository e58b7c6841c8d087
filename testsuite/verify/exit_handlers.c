// verify: targets in code that runs after main: an atexit handler and a destructor (after
// main returns or calls exit). Each depends on what main did on the path (a global set on one
// side of an input branch), so the targets are REACHABLE only if trex runs the handlers; a
// handler's target that needs an impossible flag value is UNREACHABLE.
// EXPECT-VERDICT: @atexit REACHABLE
// EXPECT-VERDICT: @dtor REACHABLE
// EXPECT-VERDICT: @never UNREACHABLE
#include <stdlib.h>
#include <klee/klee.h>
extern void reach_error(void);
volatile int flag;

static void handler(void) {
  if (flag == 1)
    abort(); // @atexit
  if (flag == 3)
    reach_error(); // @never
}

__attribute__((destructor)) static void fini(void) {
  if (flag == 2)
    reach_error(); // @dtor
}

int main(void) {
  int x;
  atexit(handler);
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 11)
    flag = 1;
  else if (x == 22)
    flag = 2;
  if (x == 33)
    exit(0);
  return 0;
}
