// --libc=klee links KLEE's minimal C library (string and memory functions, number parsing,
// case mapping, byte order): they work, on symbolic bytes too (strcmp forks per byte);
// printf is not in it: the host's runs natively (an external call, as with KLEE's klee-libc),
// on the bytes of `copy` made concrete.
// TREX: -libc=klee prog.bc
// TREX: --libc klee prog.bc
// EXPECT-STDERR-COUNT: 1 | KLEE: WARNING ONCE: calling external: printf(...) at ...libc_klee.c:34 3
// EXPECT-COUNT: klee-last .external.err 0
// EXPECT-COUNT: klee-last .abort.err 0
// EXPECT-DONE: completed paths = 6
#include "klee/klee.h"
#include <arpa/inet.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int printf(const char *, ...);

int main(void) {
  char buf[4], copy[4];
  klee_make_symbolic(buf, sizeof buf, "buf");
  buf[3] = 0;
  memcpy(copy, buf, sizeof buf);
  if (strcmp(copy, "ab") == 0) {
    klee_assert(strlen(copy) == 2 && memcmp(copy, "ab", 3) == 0);
    return atoi("42") == 42 ? 0 : 1;
  }
  if (strtol(" -17", 0, 10) != -17 || strtoul("0x1f", 0, 0) != 31 || toupper('q') != 'Q')
    klee_abort();
  if (strchr("hello", 'l') != (char *)0 && strrchr("hello", 'l') == (char *)0)
    klee_abort();
  if (htonl(1) != 0x01000000u || ntohs(htons(0x1234)) != 0x1234)
    klee_abort();
  printf("%s\n", copy);
  return 0;
}
