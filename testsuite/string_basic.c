// string.h basics: strlen strcpy strncpy strcat strncat strcmp strncmp (signs only).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <string.h>

static int sgn(int x) { return (x > 0) - (x < 0); }

int main(void) {
    char buf[64];
    strcpy(buf, "hello");
    strcat(buf, ", ");
    strcat(buf, "world");
    printf("%s %zu\n", buf, strlen(buf));
    strncat(buf, "!!!????", 3);
    printf("%s %zu\n", buf, strlen(buf));
    char small[8];
    memset(small, 'x', sizeof small);
    strncpy(small, "abc", sizeof small);
    printf("%s %d %d\n", small, small[5], small[7]);
    strncpy(small, "abcdefghijk", 7);
    small[7] = 0;
    printf("%s\n", small);
    const char *words[] = {"apple", "apples", "apply", "Apple", "", "banana", "app"};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++)
            printf("%d%d ", sgn(strcmp(words[i], words[j])), sgn(strncmp(words[i], words[j], 3)));
    printf("\n");
    char hi[] = {'a', (char)200, 0}, lo[] = {'a', 100, 0};
    printf("unsigned cmp %d\n", sgn(strcmp(hi, lo)));
    printf("empty %zu %d\n", strlen(""), strcmp("", ""));
    char *end = stpcpy(buf, "stp");
    end = stpcpy(end, "cpy");
    printf("%s %td\n", buf, end - buf);
    printf("strnlen %zu %zu\n", strnlen("abcdef", 3), strnlen("ab", 10));
    return 0;
}
