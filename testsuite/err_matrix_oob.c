// Column index past the end of the last row of a 2-D global array (past the whole object).
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
// M32
#include <stdio.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static double m[4][5];

int main(void) {
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++) m[i][j] = i + j / 10.0;
    int r = OPAQUE(3), c = OPAQUE(5);
    double sum = 0;
    for (int j = 0; j <= c; j++)
        sum += m[r][j]; // ERROR-LINE
    printf("%f\n", sum);
    return 0;
}
