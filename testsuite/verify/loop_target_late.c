// verify: a target inside a loop, reached only on the third iteration (i == 2 with the input
// 'z' there): REACHABLE; a target after the loop guarded by a count that cannot exceed 4:
// UNREACHABLE.
// EXPECT-VERDICT: @late REACHABLE
// EXPECT-VERDICT: @after UNREACHABLE
// EXPECT-DELETED-O2: @after (the loop counts at most 4: -O2 folds n > 4)
#include <klee/klee.h>
extern void reach_error(void);

int main(void) {
  char s[4];
  klee_make_symbolic(s, sizeof s, "s");
  int n = 0;
  for (int i = 0; i < 4; i++) {
    if (s[i] == 'z') {
      n++;
      if (i == 2 && n == 1)
        reach_error(); // @late
    }
  }
  if (n > 4)
    reach_error(); // @after
  return 0;
}
