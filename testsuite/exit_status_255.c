// exit(255) (the largest status) after output to stdout and stderr.
// EXPECT: exit 255
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    printf("about to exit\n");
    fprintf(stderr, "stderr line\n");
    exit(255);
}
