// Bitcode piped on stdin: `-` as the program, or no program at all (KLEE's input file defaults
// to `-`); the output directory is made in the current directory.
// STDIN: prog.bc
// TREX: -
// TREX: -search=dfs -
// TREX: -search dfs
// TREX: -libc=none
// EXPECT-STDERR: TREX: program exited with status 7
// EXPECT-FILE: klee-out-0/test000001.ktest
// EXPECT-FILE: klee-last/info

int seven(void) { return 7; }

int main(void) { return seven(); }
