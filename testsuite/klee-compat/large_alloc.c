// KLEE's warning for an allocation over 10 MiB, once per size.
// TREX: -libc=none prog.bc
// EXPECT-STDERR: KLEE: WARNING ONCE: Large alloc: 20971520 bytes.  KLEE may run out of memory.
// EXPECT-IN-FILE: klee-last/warnings.txt | KLEE: WARNING ONCE: Large alloc: 20971520 bytes.  KLEE may run out of memory.
void *malloc(unsigned long);

int main(void) {
  char *p = malloc(20 << 20);
  char *q = malloc(20 << 20);
  return p && q ? 0 : 1;
}
