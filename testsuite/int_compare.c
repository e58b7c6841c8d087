// Signed and unsigned comparisons, including corner values, on every width.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <limits.h>

static volatile int iv[] = {INT_MIN, -2, -1, 0, 1, 2, INT_MAX};
static volatile long long lv[] = {LLONG_MIN, -1, 0, 1, LLONG_MAX};

int main(void) {
    int n = sizeof iv / sizeof iv[0];
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++) {
            int x = iv[a], y = iv[b];
            unsigned ux = (unsigned)x, uy = (unsigned)y;
            printf("%d%d%d%d%d%d %d%d%d%d ", x < y, x <= y, x > y, x >= y, x == y, x != y,
                   ux < uy, ux <= uy, ux > uy, ux >= uy);
        }
        printf("\n");
    }
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++) {
            long long x = lv[a], y = lv[b];
            printf("%d%d%d ", x < y, (unsigned long long)x < (unsigned long long)y, x == y);
        }
    printf("\n");
    short s1 = -3, s2 = 4;
    unsigned short us1 = 65533;
    signed char c1 = -1;
    unsigned char uc1 = 255;
    printf("%d %d %d %d\n", s1 < s2, us1 > s2, c1 == uc1, (unsigned char)c1 == uc1);
    return 0;
}
