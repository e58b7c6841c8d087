// verify: Fig. 4's loop with 10 branches where each side prints (printf with a constant
// string, the symbolic byte tested as a character and the sum): 2^10 paths without
// interpolation. The C library's output calls are summarized in interpolants (they only
// print), so with --max-forks=100 interpolation explores everything (UNREACHABLE); it was
// UNKNOWN (fork budget) when a variadic call blocked every node, as it still is without
// interpolation. (%d of the symbolic byte would fork inside musl's printf: those nodes get no
// interpolant.)
// VERIFY-OPTIONS: --max-forks=100
// EXPECT-VERDICT: @assert UNREACHABLE
// EXPECT-VERDICT-NOITP: @assert UNKNOWN fork budget
#include <klee/klee.h>
#include <stdio.h>
__attribute__((noinline)) int up(int s) { return s + 1; }
__attribute__((noinline)) int down(int s) { return s - 1; }

int main(void) {
  unsigned char b[10];
  klee_make_symbolic(b, sizeof b, "b");
  int s = 0;
  for (int i = 0; i < 10; i++) {
    if (b[i]) {
      s = up(s);
      printf("%s %c %d\n", "up", b[i], s);
    } else {
      s = down(s);
      printf("down %d\n", s);
    }
  }
  klee_assert(-10 <= s && s <= 10); // @assert
  return 0;
}
