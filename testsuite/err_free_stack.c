// Freeing a pointer to a local variable.
// EXPECT: error free
// EXPECT-MESSAGE: free of alloca
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    int local = 5;
    int *p = OPAQUE(&local);
    printf("%d\n", *p);
    free(p); // ERROR-LINE
    return 0;
}
