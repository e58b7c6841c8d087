// strdup, strndup, strtok, strtok_r, strsep on copies; free of the duplicates.
// EXPECT: exit 0
// M32
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    const char *src = "  alpha, beta;gamma,,delta ;  epsilon  ";
    char *d = strdup(src);
    printf("dup [%s] %d\n", d, d != src && strcmp(d, src) == 0);
    int n = 0;
    for (char *t = strtok(d, " ,;"); t; t = strtok(NULL, " ,;")) printf("tok%d [%s]\n", n++, t);
    free(d);
    char *e = strndup(src, 12);
    printf("ndup [%s] %zu\n", e, strlen(e));
    free(e);
    char line[] = "k1=v1&k2=v2&&k3=v3";
    char *save1, *save2;
    for (char *pair = strtok_r(line, "&", &save1); pair; pair = strtok_r(NULL, "&", &save1)) {
        char *k = strtok_r(pair, "=", &save2);
        char *v = strtok_r(NULL, "=", &save2);
        printf("%s -> %s\n", k, v ? v : "(null)");
    }
    char csv[] = "a,,b,c";
    char *p = csv, *f;
    while ((f = strsep(&p, ","))) printf("field [%s]\n", f);
    char *many[10];
    for (int i = 0; i < 10; i++) {
        char tmp[16];
        snprintf(tmp, sizeof tmp, "item-%d", i * i);
        many[i] = strdup(tmp);
    }
    size_t total = 0;
    for (int i = 0; i < 10; i++) { total += strlen(many[i]); free(many[i]); }
    printf("total %zu\n", total);
    return 0;
}
