// Seeding (--seed-file, --seed-dir): a bug behind a magic value compared byte by byte, after
// 16 forks, is found within 600 instructions by a seed that reaches it: the seeded path runs
// first, alone (the paths it leaves wait until seeding is done). The same budget without the
// seed finds nothing (seed_deep_bug_unseeded).
// KTEST: seeds/deep.ktest | b=44454550425547216162636465666768
// TREX: -seed-file=seeds/deep.ktest -max-instructions=600 prog.bc
// TREX: -seed-dir seeds -max-instructions=600 -no-interpolation prog.bc
// EXPECT-STDERR: KLEE: KLEE: using 1 seeds
// EXPECT-STDERR: KLEE: ERROR: ...: ASSERTION FAIL: 0
// EXPECT-STDERR: KLEE: seeding done (24 states remain)
// EXPECT-COUNT: klee-last .assert.err 1
// EXPECT-DONE: total instructions = 600
#include "klee/klee.h"

int main(void) {
  unsigned char b[16];
  klee_make_symbolic(b, sizeof b, "b");
  int odd = 0;
  for (int i = 0; i < 16; i++)
    if (b[i] & 1)
      odd++;
  const char *magic = "DEEPBUG!";
  for (int i = 0; i < 8; i++)
    if (b[i] != (unsigned char)magic[i])
      return odd;
  klee_assert(0);
  return 0;
}
