// __VERIFIER_nondet_int128: a 16-byte object; the branch on its sign and on its high half
// gives 3 paths (negative, non-negative with a zero high half, the rest).
// LIBC: none
// EXPECT-PATHS: 3
// EXPECT-TESTS: 3
// EXPECT-ERRORS: none
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void neg(void) { sink = 1; }
__attribute__((noinline)) static void small(void) { sink = 2; }

int main(void) {
  __int128 v = __VERIFIER_nondet_int128();
  if (v < 0)
    neg();
  else if ((v >> 64) == 0)
    small();
  return 0;
}
