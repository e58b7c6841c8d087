// verify: a call of abort() on one path is REACHABLE (abort is a default target).
// EXPECT-VERDICT: @abort REACHABLE
// EXPECT-LISTED: @abort main abort
#include <stdlib.h>
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if ((x ^ 0x5a5a) == 0x1234)
    abort(); // @abort
  return 0;
}
