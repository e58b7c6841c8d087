// verify: an out-of-bounds read on some paths (i in 4..5): undefined behaviour, so the target
// (never reached in bounds: the values are 1..4) is UNKNOWN, not UNREACHABLE.
// EXPECT-VERDICT: @err UNKNOWN undefined behaviour at {file}:{@oob}
#include <klee/klee.h>
extern void reach_error(void);
int a[4] = {1, 2, 3, 4};

int main(void) {
  unsigned i;
  klee_make_symbolic(&i, sizeof i, "i");
  int v = 0;
  if (i < 6)
    v = a[i]; // @oob
  if (v == 99)
    reach_error(); // @err
  return 0;
}
