// klee_get_errno() (KLEE's API) without a C library (-libc=none): nothing sets errno, 0.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: TREX: program exited with status 0
#include "klee/klee.h"

int main(void) { return klee_get_errno(); }
