// An echo with options (-n: no newline, -u: upper case), on up to one symbolic argument of
// up to 2 characters before a concrete one. (trex's stdout is unbuffered: printing a symbolic
// character forks nothing; musl's line buffering forked on its being a newline.)
// RUN: --posix-runtime prog.bc --sym-args 0 1 2 last
// EXPECT-DONE: completed paths = 8
// EXPECT-DONE: generated tests = 8
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: n_args model_version
// EXPECT-OBJECTS: n_args arg00 model_version
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int newline = 1, upper = 0, i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    const char *o = argv[i] + 1;
    int ok = 1;
    for (const char *c = o; *c; c++)
      ok &= *c == 'n' || *c == 'u';
    if (!ok)
      break;
    for (const char *c = o; *c; c++) {
      if (*c == 'n')
        newline = 0;
      else
        upper = 1;
    }
  }
  for (int first = 1; i < argc; i++, first = 0) {
    if (!first)
      putchar(' ');
    for (const char *c = argv[i]; *c; c++)
      putchar(upper && *c >= 'a' && *c <= 'z' ? *c - 32 : *c);
  }
  if (newline)
    putchar('\n');
  return 0;
}
