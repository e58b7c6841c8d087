// Program arguments: argc, argv strings (argv[0] is not printed: it differs), argv[argc] == NULL,
// parsing numbers from arguments.
// RUN: hello "two words" 42 -7 ""
// EXPECT: exit 5
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    printf("argc %d, argv[argc] %s\n", argc, argv[argc] == NULL ? "NULL" : "not NULL");
    long sum = 0;
    for (int i = 1; i < argc; i++) {
        printf("argv[%d] = [%s] len %zu\n", i, argv[i], strlen(argv[i]));
        sum += strtol(argv[i], NULL, 10);
    }
    printf("sum %ld\n", sum);
    argv[1][0] = 'J';
    printf("modified %s\n", argv[1]);
    return argc - 1;
}
