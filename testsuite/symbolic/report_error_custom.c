// klee_report_error with the program's own suffix "range.err" (KLEE's convention): the error
// test's file is testNNNNNN.range.err; a second call uses the known suffix "abort.err".
// LIBC: none
// EXPECT-PATHS: 1
// EXPECT-TESTS: 3
// EXPECT-ERRORS: range 14, abort 16
#include <klee/klee.h>

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  if (x > 1000) {
    if (x < 2000)
      klee_report_error(__FILE__, __LINE__, "x in (1000, 2000)", "range.err");
    else
      klee_report_error(__FILE__, __LINE__, "x too big", "abort.err");
  }
  return 0;
}
