// --optimize: the program is optimized before it runs (LLVM's -O2): the loop below folds to
// its result, a few instructions instead of the hundreds of thousands of the -O0 code. (Built
// as KLEE's documentation says, without clang's optnone at -O0, which LLVM's passes respect.)
// CFLAGS: -Xclang -disable-O0-optnone
// TREX: -optimize -libc=none prog.bc
// TREX: --optimize=true -libc=none prog.bc
// EXPECT-STDERR: TREX: program exited with status 80
// EXPECT-DONE: total instructions < 100

int main(void) {
  unsigned s = 0;
  for (unsigned i = 1; i <= 100000; i++)
    s += i;
  return s & 0xff;
}
