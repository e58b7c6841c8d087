// Reading one element past the end of a malloc'ed array.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
// M32
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(int argc, char **argv) {
    (void)argv;
    int *a = malloc(10 * sizeof *a);
    for (int i = 0; i < 10; i++) a[i] = i * argc;
    int idx = OPAQUE(10);
    int v = a[idx]; // ERROR-LINE
    printf("%d\n", v);
    free(a);
    return 0;
}
