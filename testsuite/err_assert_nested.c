// A failing assert() with a message string, in a function called from a loop.
// EXPECT: error assert
// EXPECT-MESSAGE: ASSERTION FAIL: depth < 3 && "too deep"
#include <stdio.h>
#include <assert.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static int visit(int depth) {
    assert(depth < 3 && "too deep"); // ERROR-LINE
    return depth * 2;
}

int main(void) {
    int n = OPAQUE(10);
    for (int i = 0; i < n; i++) printf("%d\n", visit(i));
    return 0;
}
