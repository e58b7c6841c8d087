// setjmp/longjmp in a symbolic run: paths fork between the setjmp and the longjmp (each path
// jumps back with its own value, its copy of the jmp_buf and frames), one of them fails an
// assertion after the jump, and a symbolic value is passed to longjmp.
// EXPECT-PATHS: 4
// EXPECT-TESTS: 5
// EXPECT-ERRORS: assert 34
#include <assert.h>
#include <klee/klee.h>
#include <setjmp.h>

static jmp_buf env;

static void check(int x, int y) {
  if (x > 10)
    longjmp(env, 2);
  if (x < 0)
    longjmp(env, 0); /* setjmp returns 1 */
  if (x == 5)
    longjmp(env, y); /* symbolic: 1 when y is 0 */
}

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  volatile int stage = 0;
  int r = setjmp(env);
  if (r != 0) {
    volatile int rv = r; /* longjmp(env, y) for y == 0 must give 1: never 0 here */
    assert(rv != 0);
    if (stage != 1)
      return 9;
    if (x > 10)
      assert(x != 42);
    return rv & 0x7f;
  }
  stage = 1;
  check(x, y);
  return 0;
}
