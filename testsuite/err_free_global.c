// Freeing a pointer to a global array.
// EXPECT: error free
// EXPECT-MESSAGE: free of global
// M32
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static char name[16] = "global";

int main(void) {
    char *p = OPAQUE(&name[0]);
    printf("%s\n", p);
    free(p); // ERROR-LINE
    return 0;
}
