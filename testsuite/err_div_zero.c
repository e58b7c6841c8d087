// Integer division by zero (signed int).
// EXPECT: error div
// EXPECT-MESSAGE: divide by zero
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int a = OPAQUE(100), b = OPAQUE(0);
    printf("dividing\n");
    int r = a / b; // ERROR-LINE
    printf("%d\n", r);
    return 0;
}
