// --output-source=false (KLEE's option, default true): no assembly.ll in the output directory.
// TREX: -libc=none -output-source=false prog.bc
// EXPECT-NO-FILE: klee-last/assembly.ll
// EXPECT-FILE: klee-last/test000001.ktest

int main(void) { return 0; }
