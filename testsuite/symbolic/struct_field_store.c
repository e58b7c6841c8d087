// A symbolic value stored into a field of a concrete struct and read back through the struct
// (and through a copy of it): the field is symbolic, its neighbours stay concrete: 2 paths.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 2
// EXPECT-ERRORS: none
#include <klee/klee.h>

struct point {
  int x, y, z;
};

static volatile int sink;
__attribute__((noinline)) static void pos(void) { sink = 1; }

int main(void) {
  int v;
  klee_make_symbolic(&v, sizeof v, "v");
  struct point p = {1, 2, 3};
  p.y = v;
  struct point q = p;
  klee_assert(!klee_is_symbolic(q.x) || klee_is_replay());
  klee_assert(q.x == 1 && q.z == 3);
  if (q.y > 0)
    pos();
  return 0;
}
