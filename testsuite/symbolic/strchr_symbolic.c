// strchr for a symbolic character in the constant "abc": one path per position it matches,
// c == 0 (a pointer to the terminator) and not found (NULL): 5 paths. (musl's strchr ends with
// `*r == c ? r : 0`, a select of pointers that trex forks on; -O2 calls memchr instead.)
// EXPECT-PATHS: 5
// EXPECT-TESTS: 5
// EXPECT-ERRORS: none
#include <klee/klee.h>
#include <string.h>

int main(void) {
  char c;
  klee_make_symbolic(&c, sizeof c, "c");
  const char *p = strchr("abc", c);
  if (p)
    klee_assert(*p == c);
  return 0;
}
