/* The bundled example `make demo` runs: a small program using the C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct word {
  const char *text;
  int count;
};

static int by_count(const void *a, const void *b) {
  const struct word *x = a, *y = b;
  if (x->count != y->count)
    return y->count - x->count;
  return strcmp(x->text, y->text);
}

int main(void) {
  static const char text[] = "the quick brown fox jumps over the lazy dog the fox";
  struct word words[16];
  int n = 0;
  char buf[sizeof text];
  strcpy(buf, text);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
    int i = 0;
    while (i < n && strcmp(words[i].text, w) != 0)
      i++;
    if (i == n)
      words[n++] = (struct word){strdup(w), 0};
    words[i].count++;
  }
  qsort(words, n, sizeof words[0], by_count);
  for (int i = 0; i < n; i++) {
    printf("%-6s %d\n", words[i].text, words[i].count);
    free((void *)words[i].text);
  }
  printf("%d distinct words, %.2f%% repeated\n", n, 100.0 * (11 - n) / 11);
  return 0;
}
