// A false __VERIFIER_assume ends its path silently (no test, no error): x > 5 then assume
// x < 3 ends there; the x <= 5 path exits. Paths 2 (the silent end counts), tests 1.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 1
// EXPECT-ERRORS: none
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static volatile int sink;
__attribute__((noinline)) static void big(void) { sink = 1; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5) {
    big();
    __VERIFIER_assume(x < 3);
  }
  sink = 2;
  return 0;
}
