// A global variable the program declares and nothing defines (with --libc=none: the C
// library's `stdout` and `stderr`) starts as the host's, as KLEE binds it, so the external
// calls that take it work: fprintf to stdout, fputs to stderr.
// TREX: -libc=none prog.bc
// EXPECT-STDOUT: hello 5
// EXPECT-STDERR: err line
// EXPECT-NO-STDERR: KLEE: ERROR
// EXPECT-STDERR: TREX: program exited with status 0
typedef struct FILE FILE;
extern FILE *stdout, *stderr;
int fprintf(FILE *, const char *, ...);
int fputs(const char *, FILE *);

int main(void) {
  fprintf(stdout, "hello %d\n", 5);
  fputs("err line\n", stderr);
  return 0;
}
