// Arithmetic right shift of a 64-bit value by 64, after some valid shifts.
// EXPECT: error overshift
// EXPECT-MESSAGE: overshift error
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    long long v = OPAQUE(-1234567890123LL);
    int step = OPAQUE(16);
    for (int s = 0; s <= 64; s += step) {
        long long r = v >> s; // ERROR-LINE
        printf("%d %lld\n", s, r);
    }
    return 0;
}
