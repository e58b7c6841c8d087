// Division and remainder of negative and positive values, every width, signed and unsigned.
// EXPECT: exit 0
// M32
#include <stdio.h>

static volatile int vals[] = {-100, -17, -7, -1, 1, 3, 7, 17, 100, 2147483647};

int main(void) {
    int n = sizeof vals / sizeof vals[0];
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            int x = vals[a], y = vals[b];
            printf("%d/%d=%d r%d  u:%u r%u\n", x, y, x / y, x % y, (unsigned)x / (unsigned)y, (unsigned)x % (unsigned)y);
        }
    for (int a = 0; a < n; a++) {
        signed char c = (signed char)vals[a];
        short s = (short)((unsigned)vals[a] * 300u);
        long long ll = (long long)vals[a] * 1000000007LL;
        printf("c %d/%d=%d %d%%%d=%d\n", c, -3, c / -3, c, 5, c % 5);
        printf("s %d/%d=%d %d\n", s, 7, s / 7, s % -7);
        printf("ll %lld %lld %lld %lld\n", ll / 13, ll % 13, ll / -1000, ll % -1000);
        printf("ull %llu %llu\n", (unsigned long long)ll / 13, (unsigned long long)ll % 1000);
        unsigned char uc = (unsigned char)vals[a];
        unsigned short us = (unsigned short)vals[a];
        printf("u8 %u %u u16 %u %u\n", uc / 7u, uc % 7u, us / 300u, us % 300u);
    }
    return 0;
}
