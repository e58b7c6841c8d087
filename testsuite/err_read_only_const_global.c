// Writing into a const global array through a cast-away-const pointer.
// EXPECT: error read_only
// EXPECT-MESSAGE: memory error: object read only
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static const int limits[4] = {10, 20, 30, 40};

int main(void) {
    int *p = OPAQUE((int *)limits);
    printf("%d\n", p[2]);
    p[2] = 99; // ERROR-LINE
    printf("%d\n", p[2]);
    return 0;
}
