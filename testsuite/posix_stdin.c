// stdin (issue 16): read(0) in small pieces through stdio and directly, lseek on it (ESPIPE
// natively on a pipe, but a file here: not printed), line and word counts, EOF sticks.
// EXPECT: exit 0
// M32
// STDIN: hello world
// STDIN:   two  words
// STDIN:
// STDIN: last line without much
#include <stdio.h>
#include <ctype.h>
#include <unistd.h>

int main(void) {
  int c, lines = 0, words = 0, chars = 0, in = 0;
  char first[6] = {0};
  // The first five bytes through read(2), the rest through stdio.
  if (read(0, first, 5) != 5)
    return 1;
  printf("first '%s'\n", first);
  while ((c = getchar()) != EOF) {
    chars++;
    if (c == '\n')
      lines++;
    if (isspace(c))
      in = 0;
    else if (!in) {
      in = 1;
      words++;
    }
  }
  printf("%d lines, %d words, %d chars after the first five\n", lines, words, chars);
  printf("eof again %d, read %ld\n", getchar() == EOF, (long)read(0, first, 5));
  return 0;
}
