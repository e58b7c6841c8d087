// Writing into a string literal.
// EXPECT: error read_only
// EXPECT-MESSAGE: memory error: object read only
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    char *s = OPAQUE((char *)"hello");
    printf("%s\n", s);
    s[0] = 'J'; // ERROR-LINE
    printf("%s\n", s);
    return 0;
}
