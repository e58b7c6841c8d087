// A wc of stdin: lines, words and bytes of a symbolic stdin of 2 bytes: each
// byte is a newline, a space, a tab or another byte: 4 * 4 paths.
// RUN: --posix-runtime prog.bc --sym-stdin 2
// EXPECT-DONE: completed paths = 16
// EXPECT-DONE: generated tests = 16
// EXPECT-COUNT: .err 0
// EXPECT-OBJECTS: stdin stdin-stat model_version
#include <stdio.h>

int main(void) {
  int c, lines = 0, words = 0, bytes = 0, inword = 0;
  while ((c = getchar()) != EOF) {
    bytes++;
    if (c == '\n')
      lines++;
    if (c == ' ' || c == '\n' || c == '\t')
      inword = 0;
    else if (!inword) {
      inword = 1;
      words++;
    }
  }
  printf("%d %d %d\n", lines, words, bytes);
  return 0;
}
