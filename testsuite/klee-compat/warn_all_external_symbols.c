// --warn-all-external-symbols (KLEE's option): the start-up check names also the symbols KLEE
// does not warn about by default (getpid).
// TREX: -libc=none -warn-all-external-symbols prog.bc
// EXPECT-STDERR: KLEE: WARNING: undefined reference to function: getpid
// EXPECT-STDERR: KLEE: WARNING: undefined reference to function: abs
int abs(int);
int getpid(void);

int main(void) { return abs(getpid() > 0 ? -1 : 1) - 1; }
