// Integer arithmetic on every width, signed and unsigned, with wrap-around of unsigned types.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <limits.h>

static volatile int seed = 7;

int main(void) {
    int k = seed;
    signed char c = (signed char)(k * 17);          /* 119 */
    unsigned char uc = (unsigned char)(k * 40);     /* 280 -> 24 */
    short s = (short)(k * 4000);                    /* 28000 */
    unsigned short us = (unsigned short)(k * 10000);/* 70000 -> 4464 */
    int i = k * 300000000 / 7;                      /* 300000000 */
    unsigned u = (unsigned)k * 1000000000u;         /* wraps */
    long l = (long)k * 1000;
    unsigned long ul = (unsigned long)k - 10;       /* wraps */
    long long ll = (long long)k * 1000000000000LL;
    unsigned long long ull = 0xFFFFFFFFFFFFFFFFull * (unsigned)k;
    printf("char %d %d %d %d\n", c, (signed char)(c + c), c * c, (signed char)(c * 3));
    printf("uchar %u %u %u\n", uc, (unsigned char)(uc - 30), (unsigned char)(uc * uc));
    printf("short %d %d %d\n", s, (short)(s + s), s / 7);
    printf("ushort %u %u %u\n", us, (unsigned short)(us * 20), (unsigned short)(us - 5000));
    printf("int %d %d %d %d\n", i, i - INT_MAX, -i, i * 3 / 3);
    printf("uint %u %u %u %u\n", u, u + 3000000000u, u * u, 0u - u);
    printf("long %ld %ld %ld\n", l, l * l, -l / 3);
    printf("ulong %lu %lu\n", ul, ul + 20);
    printf("llong %lld %lld %lld\n", ll, ll * 9, ll / -13);
    printf("ullong %llu %llu %llu\n", ull, ull + 10, ull * ull);
    unsigned acc = 1;
    for (int j = 0; j < 40; j++) acc = acc * 2654435761u + (unsigned)j;
    printf("acc %u\n", acc);
    unsigned long long acc64 = 1;
    for (int j = 0; j < 40; j++) acc64 = acc64 * 6364136223846793005ull + 1442695040888963407ull;
    printf("acc64 %llu\n", acc64);
    printf("mixed %d %u %lld\n", c + s + i, uc + us + u, (long long)c * s * i);
    printf("bitops %x %x %x %x\n", u & 0xF0F0F0F0u, u | 0x0F0F0F0Fu, u ^ 0xFFFF0000u, ~u);
    printf("bitops64 %llx %llx %llx\n", ull & 0x123456789ull, ull ^ (ull >> 7), ~ull);
    return 0;
}
