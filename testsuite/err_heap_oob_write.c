// Writing the terminating NUL one byte past the end of a malloc'ed string buffer.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

int main(void) {
    const char *src = "eight ch";
    size_t n = OPAQUE(strlen(src));
    char *s = malloc(n);
    memcpy(s, src, n);
    s[n] = 0; // ERROR-LINE
    printf("%s\n", s);
    free(s);
    return 0;
}
