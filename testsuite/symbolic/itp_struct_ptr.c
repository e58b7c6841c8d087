// Interpolation with a pointer stored in a struct: the count lives in a global reached through
// s.cnt; 6 symbolic branches add 1 or 3 through the pointer, then the bound is checked.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 64
// EXPECT-TESTS: 64
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 10
#include <klee/klee.h>
struct S { int tag; int *cnt; };
int counter;
__attribute__((noinline)) void add1(struct S *s) { *s->cnt += 1; }
__attribute__((noinline)) void add3(struct S *s) { *s->cnt += 3; }
int main(void) {
  unsigned char in[6];
  klee_make_symbolic(in, sizeof in, "in");
  struct S s = {7, &counter};
  for (int i = 0; i < 6; i++) {
    if (in[i] > 100) add1(&s); else add3(&s);
  }
  klee_assert(counter >= 6 && counter <= 18);
  return 0;
}
