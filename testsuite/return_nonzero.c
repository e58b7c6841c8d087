// main returns a computed nonzero status.
// EXPECT: exit 3
// M32
#include <stdio.h>

static volatile int base = 9;

int main(void) {
    int x = base;
    printf("computing %d\n", x);
    return x / 3;
}
