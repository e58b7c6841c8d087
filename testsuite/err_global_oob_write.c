// Writing past the end of a global array inside a struct-free global.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

long counts[5];
long after[5];

int main(void) {
    int i = OPAQUE(5);
    counts[i] = 1; // ERROR-LINE
    printf("%ld %ld\n", counts[0], after[0]);
    return 0;
}
