// klee_define_fixed_object(addr, n) (KLEE's API) makes an object of n zero bytes at a chosen
// address: the program reads and writes it through that address (symbolic offsets too, with
// the bounds check of any object); freeing it is allowed; an overlapping definition is a user
// error.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: ERROR: ...api_define_fixed_object.c:29: memory error: out of bound pointer
// EXPECT-STDERR: KLEE: ERROR: ...api_define_fixed_object.c:34: klee_define_fixed_object: 4 bytes at 0x40000004: empty, outside the address space, or overlapping an object
// EXPECT-COUNT: klee-last .ptr.err 1
// EXPECT-COUNT: klee-last .user.err 1
// EXPECT-DONE: completed paths = 1
// EXPECT-DONE: partially completed paths = 3
#include "klee/klee.h"

void free(void *);

#define DEV ((volatile unsigned char *)0x40000000ul)

int main(void) {
  klee_define_fixed_object((void *)DEV, 8);
  if (DEV[5] != 0)
    klee_abort();
  DEV[7] = 42;
  unsigned i = klee_range(0, 9, "i");
  // i == 8 is one past the end.
  if (i == 7) {
    if (DEV[i] != 42)
      klee_abort();
  }
  DEV[i] = 1;
  if (i == 0) {
    free((void *)DEV);
    return 0;
  }
  klee_define_fixed_object((void *)(DEV + 4), 4);
  return 1;
}
