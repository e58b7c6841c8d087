// Reading heap memory after it was freed.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: use after free
// M32
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int *p = malloc(4 * sizeof *p);
    for (int i = 0; i < 4; i++) p[i] = i + 1;
    printf("%d\n", p[3]);
    free(p);
    int *q = OPAQUE(p);
    int v = q[2]; // ERROR-LINE
    printf("%d\n", v);
    return 0;
}
