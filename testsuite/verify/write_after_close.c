// verify: on one path standard output is closed before a write whose result decides the
// target. Interpolants model `write` to the initial standard output as returning its length,
// so a state whose descriptors changed must not be pruned by an entry learnt on the other
// path (it was, at the second fork: a wrong UNREACHABLE): the target is REACHABLE (the write
// fails with EBADF), with and without interpolation.
// EXPECT-VERDICT: @fail REACHABLE
#include <unistd.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static volatile int sink;
__attribute__((noinline)) static void one(void) { sink = 1; }
__attribute__((noinline)) static void two(void) { sink = 2; }

int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c)
    close(1);
  if (__VERIFIER_nondet_int())
    one();
  else
    two();
  long r = write(1, "x", 1);
  if (r != 1)
    reach_error(); // @fail
  return 0;
}
