// Integers of odd bit widths (_BitInt(N), and bit-fields loaded as odd-width integers):
// wrap-around, sign extension, comparisons, shifts, mul/div for widths <= 64.
// EXPECT: exit 0
// M32
#include <stdio.h>

typedef unsigned _BitInt(17) u17;
typedef signed _BitInt(17) s17;
typedef unsigned _BitInt(37) u37;
typedef signed _BitInt(37) s37;
typedef unsigned _BitInt(7) u7;

static volatile int seed = 100000;

int main(void) {
    u17 a = (u17)seed;            /* 100000 mod 2^17 = 100000 */
    u17 b = a * 3;                /* wraps mod 131072 */
    s17 c = (s17)b;
    printf("u17 %u %u %d\n", (unsigned)a, (unsigned)b, (int)c);
    s17 m = (s17)-65536;
    printf("s17 min %d minus one %d\n", (int)m, (int)(s17)(m - 1));
    u37 big = (u37)seed * (u37)seed * 7;  /* 7e10 mod 2^37 */
    s37 sbig = (s37)big;
    printf("u37 %llu s37 %lld\n", (unsigned long long)big, (long long)sbig);
    printf("div %llu rem %llu sdiv %lld\n", (unsigned long long)(big / 1000003), (unsigned long long)(big % 1000003),
           (long long)(sbig / -12345));
    printf("shift %llu %lld\n", (unsigned long long)(big >> 5), (long long)(sbig >> 30));
    u7 k = 0;
    for (int i = 0; i < 300; i++) k += 3;
    printf("u7 %u\n", (unsigned)k);
    printf("cmp %d %d\n", sbig < 0, c < (s17)0);
    return 0;
}
