// An external call that writes into a read-only object of the program (a string literal) ends
// the path with KLEE's `external modified read-only object` (.external.err); a write into a
// writable object is copied back.
// NATIVE-LIB: libpoke.so
// TREX: -libc=none -load=./libpoke.so prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...external_calls_read_only.c:24: external modified read-only object
// EXPECT-COUNT: klee-last .external.err 1
// EXPECT-STDOUT: Xbc
#ifdef TREX_NATIVE_LIB
void poke(char *s) { s[0] = 'X'; }
#else
#include "klee/klee.h"
int puts(const char *);
void poke(const char *s);

int main(void) {
  char buf[4] = "abc";
  poke(buf);
  puts(buf);
  // Always taken; a branch keeps the test's two calls on paths of their own at -O0.
  if (klee_int("x") == 0)
    return 0;
  const char *lit = "abc";
  poke(lit);
  return 0;
}
#endif
