// Writing a field of a struct through a null struct pointer (a small nonzero address).
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: null page access
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

struct rec { long a, b; int c; };

int main(void) {
    struct rec *r = OPAQUE((struct rec *)0);
    printf("writing\n");
    r->c = 5; // ERROR-LINE
    printf("%d\n", r->c);
    return 0;
}
