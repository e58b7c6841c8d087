// Reading past the end of a global array.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static int table[8];
static int other[8];

int main(int argc, char **argv) {
    (void)argv;
    for (int i = 0; i < 8; i++) { table[i] = i * argc; other[i] = -i; }
    int sum = 0;
    int n = OPAQUE(9);
    for (int i = 0; i < n; i++)
        sum += table[i]; // ERROR-LINE
    printf("%d %d\n", sum, other[3]);
    return 0;
}
