// puts, putchar, fputs, fputc, fwrite to stdout (and a little to stderr, which is not compared),
// fflush, and printf of lines with no newline at the end.
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(void) {
    puts("puts adds a newline");
    puts("");
    fputs("fputs does not", stdout);
    fputs(" add one\n", stdout);
    for (char c = 'a'; c <= 'z'; c++) putchar(c);
    putchar('\n');
    fputc('X', stdout);
    putc('Y', stdout);
    fputc('\n', stdout);
    size_t w = fwrite("fwrite data\n", 1, 12, stdout);
    printf("fwrite returned %zu\n", w);
    fputs("to stderr\n", stderr);
    fflush(stdout);
    int r = puts("after flush");
    printf("puts returned nonneg %d\n", r >= 0);
    printf("no newline at the end");
    return 0;
}
