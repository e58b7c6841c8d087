// Shifting a 32-bit value by 32.
// EXPECT: error overshift
// EXPECT-MESSAGE: overshift error
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    unsigned x = OPAQUE(1u);
    int n = OPAQUE(32);
    unsigned r = x << n; // ERROR-LINE
    printf("%u\n", r);
    return 0;
}
