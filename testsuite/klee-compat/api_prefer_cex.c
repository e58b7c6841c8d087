// klee_prefer_cex(obj, cond) (KLEE's API): a test's values satisfy each preference that can
// hold on its path together with the ones kept before it, in call order (KLEE's
// cexPreferences): here every byte 'k', except where the path needs buf[0] == 'Q'; the later
// preference buf[0] == 'x' contradicts the first one and is dropped. The program prints its
// input with write(2), which shows the test's values.
// TREX: -search=dfs prog.bc
// EXPECT-STDOUT: kkkk
// EXPECT-STDOUT: Qkkk
// EXPECT-DONE: completed paths = 2
// EXPECT-DONE: generated tests = 2
#include "klee/klee.h"
#include <unistd.h>

char buf[4];

int main(void) {
  klee_make_symbolic(buf, sizeof buf, "buf");
  for (int i = 0; i < 4; i++)
    klee_prefer_cex(buf, buf[i] == 'k');
  klee_prefer_cex(buf, buf[0] == 'x');
  if (buf[0] == 'Q') {
    write(1, buf, 4);
    write(1, "\n", 1);
    return 1;
  }
  write(1, buf, 4);
  write(1, "\n", 1);
  return 0;
}
