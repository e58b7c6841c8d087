// verify: trex verify calls no native code: a path that calls a function no library defines
// ends there (`failed external call`), a gap, so the target behind the call is UNKNOWN, never
// UNREACHABLE, though no path explored reached it (`trex run` would call the host's
// function and go on).
// EXPECT-VERDICT: @err UNKNOWN error at
#include <klee/klee.h>
extern void reach_error(void);
extern int host_function(int);

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 3 && host_function(3) == 42)
    reach_error(); // @err
  return 0;
}
