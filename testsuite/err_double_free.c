// Freeing the same heap block twice.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: double free
// M32
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    char *p = malloc(32);
    p[0] = 'x';
    printf("%c\n", p[0]);
    free(p);
    char *q = OPAQUE(p);
    free(q); // ERROR-LINE
    return 0;
}
