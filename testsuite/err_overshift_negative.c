// Shifting by a negative amount (as an unsigned shift amount it is >= the width).
// EXPECT: error overshift
// EXPECT-MESSAGE: overshift error
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int x = OPAQUE(12345);
    int n = OPAQUE(-1);
    int r = x >> n; // ERROR-LINE
    printf("%d\n", r);
    return 0;
}
