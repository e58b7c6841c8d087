// printf length modifiers: %ld %lld %lu %llx %zu %zd %jd %td %hhd %hhx %lo, with 64-bit values.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <limits.h>

int main(void) {
    long long vals[] = {0, -1, 4294967296LL, -4294967297LL, LLONG_MAX, LLONG_MIN, 0x0123456789ABCDEFLL};
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        long long v = vals[i];
        printf("%lld %llu %llx %llX %llo %20lld|%-20lld|%+.25lld\n", v, (unsigned long long)v, (unsigned long long)v,
               (unsigned long long)v, (unsigned long long)v, v, v, v);
        printf("  l: %ld %lu %lx\n", (long)v, (unsigned long)v, (unsigned long)v);
        printf("  j: %jd %ju\n", (intmax_t)v, (uintmax_t)v);
    }
    size_t sz = sizeof(long double) * 1000;
    ptrdiff_t pd = -12345;
    printf("%zu %zd %td %zx\n", sz, (ssize_t)-7, pd, sz);
    printf("%hhd %hhu %hhx %hd %hu\n", (char)300, (unsigned char)300, (unsigned char)171, (short)70000, (unsigned short)70000);
    int8_t a = -8; int16_t b = -16; int32_t c = -32; int64_t d = -64; uint64_t e = UINT64_MAX;
    printf("%d %d %d %lld %llu\n", a, b, c, (long long)d, (unsigned long long)e);
    return 0;
}
