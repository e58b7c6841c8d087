// A symbolic size given to klee_make_symbolic: accepted when it must equal the object's size,
// otherwise KLEE's "wrong size" user error. Paths: n == 4 (then b[0] forks: 2), n != 4 (error).
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: user 20
// NO-REPLAY (natively a wrong size is a run-test error, exit 1)
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void big(void) { sink = 1; }

int main(void) {
  unsigned n;
  klee_make_symbolic(&n, sizeof n, "n");
  char b[4];
  if (n == 4) {
    klee_make_symbolic(b, n, "b");
  } else {
    klee_make_symbolic(b, n, "b");
    return 1;
  }
  if (b[0] > 10)
    big();
  return 0;
}
