// Unsigned division in a loop whose divisor reaches zero on the 11th iteration.
// EXPECT: error div
// EXPECT-MESSAGE: divide by zero
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static unsigned scale(unsigned x, unsigned d) {
    return x / d; // ERROR-LINE
}

int main(void) {
    unsigned total = 0, n = OPAQUE(20u);
    for (unsigned i = 0; i < n; i++) {
        total += scale(1000u, 10u - i);
        printf("i=%u total=%u\n", i, total);
    }
    return 0;
}
