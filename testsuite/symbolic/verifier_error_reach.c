// SV-COMP's __VERIFIER_error (old name of reach_error) guarded by two nondet chars: one error
// (an `assert` kind) and paths for the other sides: x != 'a' and x == 'a' && y != 'b'.
// LIBC: none
// EXPECT-PATHS: 2
// EXPECT-TESTS: 3
// EXPECT-ERRORS: assert 15
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_error(void);

static volatile int sink;
__attribute__((noinline)) static void first(void) { sink = 1; }

int main(void) {
  char x = __VERIFIER_nondet_char();
  if (x == 'a') { first(); if (__VERIFIER_nondet_char() == 'b') __VERIFIER_error(); }
  return 0;
}
