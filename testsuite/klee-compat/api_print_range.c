// klee_print_range(name, value) (KLEE's API) prints `name:value` on stderr: a constant in
// decimal; a symbolic value as an expression (trex's form), then ` == v` when it has one value
// on the path, else ` ~= v (in [lo, hi])`: one possible value and its unsigned bounds.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: k:12
// EXPECT-STDERR: x:(... ~= ... (in [5, 40])
// EXPECT-STDERR: y:(... == 9
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  klee_print_range("k", 12);
  klee_assume(x >= 5);
  klee_assume(x <= 40);
  klee_print_range("x", x);
  int y = klee_int("y");
  klee_assume(y * 3 == 27);
  klee_assume(y >= 0);
  klee_assume(y < 100);
  klee_print_range("y", y);
  return 0;
}
