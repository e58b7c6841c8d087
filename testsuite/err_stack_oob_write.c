// Writing below the start of a local array (index -1), in a called function.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static void fill(char *buf, int from, int to) {
    for (int i = to - 1; i >= from; i--)
        buf[i] = (char)('a' + i % 26); // ERROR-LINE
}

int main(void) {
    char buf[16];
    fill(buf, OPAQUE(-1), 15);
    buf[15] = 0;
    printf("%s\n", buf);
    return 0;
}
