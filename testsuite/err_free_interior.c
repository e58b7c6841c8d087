// Freeing a pointer into the middle of a heap block.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: invalid pointer: free
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int *p = malloc(8 * sizeof *p);
    for (int i = 0; i < 8; i++) p[i] = i;
    int *mid = OPAQUE(p + 3);
    printf("%d\n", *mid);
    free(mid); // ERROR-LINE
    return 0;
}
