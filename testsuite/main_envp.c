// main with three parameters: envp exists and is NULL-terminated (its contents are not printed:
// they differ between the native run and trex).
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(int argc, char **argv, char **envp) {
    int n = 0;
    while (envp[n]) n++;
    printf("argc %d argv0 %s envp terminated %d\n", argc, argv[0] ? "set" : "null", n >= 0);
    return 0;
}
