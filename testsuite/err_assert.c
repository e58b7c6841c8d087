// A failing assert() in main.
// EXPECT: error assert
// EXPECT-MESSAGE: ASSERTION FAIL: x == 5
// M32
#include <stdio.h>
#include <assert.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int x = OPAQUE(4);
    printf("x = %d\n", x);
    assert(x == 5); // ERROR-LINE
    printf("not reached\n");
    return 0;
}
