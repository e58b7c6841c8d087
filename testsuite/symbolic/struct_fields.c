// A whole struct made symbolic; branches on fields at constant offsets (a char tag, an int
// length, a short flag with padding between): tag == 'R' (then len < 0 or not) or not, and
// the flag's low bit: 3 * 2 = 6 paths.
// LIBC: none
// EXPECT-PATHS: 6
// EXPECT-TESTS: 6
// EXPECT-ERRORS: none
#include <klee/klee.h>

struct msg {
  char tag;
  int len;
  short flags;
};

static volatile int sink;
__attribute__((noinline)) static void rec(void) { sink += 1; }
__attribute__((noinline)) static void bad_len(void) { sink += 2; }
__attribute__((noinline)) static void flag(void) { sink += 4; }

int main(void) {
  struct msg m;
  klee_make_symbolic(&m, sizeof m, "m");
  if (m.tag == 'R') {
    rec();
    if (m.len < 0)
      bad_len();
  }
  if (m.flags & 1)
    flag();
  return 0;
}
