// Remainder by zero (signed long long), divisor computed at run time.
// EXPECT: error div
// EXPECT-MESSAGE: divide by zero
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    long long a = OPAQUE(123456789012LL);
    long long b = OPAQUE(7LL) - 7;
    long long r = a % b; // ERROR-LINE
    printf("%lld\n", r);
    return 0;
}
