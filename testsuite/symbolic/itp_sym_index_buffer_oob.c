// The soundness twin of itp_sym_index_buffer: the index is i + s + 3 (i < 1, s in -4..4 from
// 4 symbolic branches of +1 / -1), so it leaves the buffer (-1) on the last path only (all
// -1). The first leaves' interpolants hold the in-bounds condition of the store, which that
// path does not satisfy: it is not pruned and the error is found.
// LIBC: none
// OPTIONS: --search=dfs
// EXPECT-PATHS: 15
// EXPECT-ERRORS: ptr 14
// EXPECT-ITP-PATHS: 2
// EXPECT-SUBSUMED: 7
#include <klee/klee.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }
__attribute__((noinline)) void put(int *buf, unsigned i, int v) { buf[i] = v; }
__attribute__((noinline)) int get(int *buf, unsigned i) { return buf[i]; }
int main(void) {
  char b[4];
  int buf[8] = {0};
  unsigned i;
  klee_make_symbolic(b, sizeof b, "b");
  klee_make_symbolic(&i, sizeof i, "i");
  klee_assume(i < 1);
  int s = 0;
  if (b[0]) s = up(s); else s = down(s);
  if (b[1]) s = up(s); else s = down(s);
  if (b[2]) s = up(s); else s = down(s);
  if (b[3]) s = up(s); else s = down(s);
  put(buf, i + s + 3, s);
  klee_assert(get(buf, i + s + 3) <= 4);
  return 0;
}
