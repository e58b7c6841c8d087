// printf %s with widths and precisions (%.3s %10s %-10s %*.*s), %c, embedded quotes; puts/fputs.
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(void) {
    const char *s[] = {"", "a", "hello", "hello, world", "a much longer string than the width"};
    for (int i = 0; i < 5; i++) {
        printf("[%s] [%10s] [%-10s] [%.3s] [%10.3s] [%-10.3s] [%.0s]\n", s[i], s[i], s[i], s[i], s[i], s[i], s[i]);
        printf("[%*s] [%-*s] [%.*s] [%*.*s]\n", 8, s[i], 8, s[i], 2, s[i], 6, 4, s[i]);
    }
    char buf[4] = {'a', 'b', 'c', 'd'};
    printf("[%.4s] not nul-terminated but precision-limited\n", buf);
    printf("%s%s%s\n", "con", "cat", "enation");
    printf("quote \"%s\" tab[\t] backslash[\\]\n", "q");
    for (int c = 32; c < 127; c++) putchar(c);
    putchar('\n');
    return 0;
}
