/*===-- klee/klee.h - KLEE-compatible name for trex.h ----------------------===//
 *
 * Programs written for KLEE (`#include <klee/klee.h>` or "klee/klee.h")
 * compile unchanged with `-I runtime/include`: the declarations are trex.h's,
 * which are KLEE's.
 *===------------------------------------------------------------------------===*/

#ifndef KLEE_H
#define KLEE_H

#include "../trex.h"

#endif /* KLEE_H */
