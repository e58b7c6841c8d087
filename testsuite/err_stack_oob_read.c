// Reading past the end of a local array.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(int argc, char **argv) {
    (void)argv;
    int a[4];
    for (int i = 0; i < 4; i++) a[i] = argc + i;
    int idx = OPAQUE(4);
    int v = a[idx]; // ERROR-LINE
    printf("%d\n", v);
    return 0;
}
