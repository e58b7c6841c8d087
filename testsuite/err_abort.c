// Calling abort() after some output.
// EXPECT: error abort
// EXPECT-MESSAGE: abort failure
// M32
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static void check(int v) {
    if (v > 3)
        abort(); // ERROR-LINE
}

int main(void) {
    int n = OPAQUE(6);
    for (int i = 0; i < n; i++) { printf("%d\n", i); check(i); }
    return 0;
}
