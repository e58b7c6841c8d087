// Reading through a null pointer.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: null page access
// M32
#include <stdio.h>

static int *volatile gp; /* null */

int main(void) {
    printf("before\n");
    int *p = gp;
    int x = *p; // ERROR-LINE
    printf("%d\n", x);
    return 0;
}
