// nurs:covnew prefers a path about to run code no path ran yet. The true side of the first
// branch runs a loop that forks 2^16 paths through code covered in its first iterations, each
// iteration spinning ~2000 instructions in covered code; the false side, pending from the
// start, is the only path that can reach the uncovered abort. Under nurs:covnew its weight
// (uncovered code one instruction away, new code covered just before it forked) dwarfs the
// others' (more than 1000 instructions since they covered new code, nothing uncovered
// reachable), so it runs at the first choice (after the running path's first quantum) and the
// abort is found within --max-tests=20 (its test is the first). Under dfs without interpolation
// the newest forks always come first and it is not reached within the budget. Only the error is
// checked (with interpolation the loop paths are pruned, which changes the counts).
// OPTIONS: --search=nurs:covnew --max-tests=20 --dump-states-on-halt=false
// ONE-THREAD (which paths --max-tests lets through is the order one thread explores in)
// LIBC: none
// EXPECT-ERRORS: abort 34
// NO-CONCOLIC (the forking searchers and their pending paths)
// NO-REPLAY (a path cut by --max-tests stops mid-way: natively its input runs on)
#include <klee/klee.h>

static volatile int sink;
__attribute__((noinline)) static void a(void) { sink += 1; }
__attribute__((noinline)) static void b(void) { sink += 2; }

int main(void) {
  unsigned char in[17];
  klee_make_symbolic(in, sizeof in, "in");
  if (in[0] < 128) {
    for (int i = 1; i < 17; i++) {
      for (volatile int k = 0; k < 300; k++)
        sink++;
      if (in[i] < 128) a(); else b();
    }
    return 0;
  }
  klee_abort();
}
