// KLEE's --max-stack-frames=0 means no limit: a recursion deeper than the default 8192 frames
// runs to its end.
// TREX: -max-stack-frames=0 -libc=none prog.bc
// TREX: -libc=none -max-stack-frames 0 prog.bc
// EXPECT-STDERR: TREX: program exited with status 16
// EXPECT-NO-STDERR: Maximum stack size reached

__attribute__((noinline)) unsigned depth(unsigned n) { return n == 0 ? 0 : 1 + depth(n - 1); }

int main(void) { return depth(10000) & 0xff; }
