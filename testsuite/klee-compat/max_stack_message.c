// KLEE's texts for a recursion over --max-stack-frames: the warning `Maximum stack size
// reached.` and the same text in the path's .early file.
// TREX: -libc=none -max-stack-frames=100 prog.bc
// EXPECT-STDERR: KLEE: WARNING: Maximum stack size reached.
// EXPECT-IN-FILE: klee-last/test000001.early | Maximum stack size reached.
// EXPECT-DONE: partially completed paths = 1

__attribute__((noinline)) unsigned depth(unsigned n) { return n == 0 ? 0 : 1 + depth(n - 1); }

int main(void) { return depth(1000) & 0xff; }
