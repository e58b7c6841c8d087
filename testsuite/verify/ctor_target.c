// verify: a target in a constructor (run before main, so it ends the program before main's
// own target): the constructor's is REACHABLE, main's UNREACHABLE (never gets to run).
// EXPECT-VERDICT: @ctor REACHABLE
// EXPECT-VERDICT: @main UNREACHABLE
#include <klee/klee.h>
extern void reach_error(void);
volatile int started;

__attribute__((constructor)) static void init(void) {
  started = 1;
  if (started == 1)
    reach_error(); // @ctor
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x == 4)
    reach_error(); // @main
  return 0;
}
