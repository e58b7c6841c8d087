// Interpolation and postconditioned symbolic execution on KLEE's --sym-args paths (one tree per
// argument count: before, the fork between the counts blocked every node and nothing was
// pruned): an echo with options (-n: no newline, -u: upper case) on up to one symbolic argument
// of up to 2 characters before a concrete one (testsuite/posix-sym/echo_opts.c); one path
// repeats the suffix of an explored one.
// OPTIONS: --posix-runtime --search=dfs
// RUN: --sym-args 0 1 2 last
// EXPECT-PATHS: 8
// EXPECT-TESTS: 8
// EXPECT-ERRORS: none
// EXPECT-ITP-PATHS: 7
// EXPECT-SUBSUMED: 1
// EXPECT-PSE: --no-interpolation paths=7 pruned=1 tests=8
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
