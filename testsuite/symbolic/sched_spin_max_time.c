// Two paths that both spin forever without forking: --max-time ends both (the running one and
// the suspended one), each with an .early test; no path completes.
// OPTIONS: --max-time=1s
// EXPECT-PATHS: 0
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
// NO-CONCOLIC (the suspended second path: a concolic run has one path at a time)
// NO-REPLAY (both tests spin forever natively)
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  volatile unsigned long k = 0;
  if (x > 0)
    for (;;)
      k++;
  for (;;)
    k += 2;
}
