// An .err file in KLEE's layout: the assembly.ll line of the failing instruction, and stack
// lines `#<frame><assembly.ll line, 8 digits> in f(args) at file:line` with the arguments'
// values (`symbolic` for a symbolic one, `true`/`false` for a bool); assembly.ll (the final
// module as text) is in the output directory, and `--output-source=false` leaves it out.
// TREX: -libc=none prog.bc
// EXPECT-IN-FILE: klee-last/test000001.div.err | Error: divide by zero
// EXPECT-IN-FILE: klee-last/test000001.div.err | assembly.ll line: ...
// EXPECT-IN-FILE: klee-last/test000001.div.err | ...#0000000... in divide(12, symbolic, true) at ...err_stack_args.c:17
// EXPECT-IN-FILE: klee-last/test000001.div.err | ...#1... in main() at ...err_stack_args.c:24
// EXPECT-IN-FILE: klee-last/assembly.ll | define dso_local i32 @divide(i32 noundef %0, i32 noundef %1, i1 noundef zeroext %2) #0 !dbg ...
// EXPECT-FILE: klee-last/assembly.ll
#include <stdbool.h>
#include "klee/klee.h"

__attribute__((noinline)) int divide(int a, int b, bool check) {
  if (check)
    return a / b;
  return 0;
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  return divide(12, x, true);
}
