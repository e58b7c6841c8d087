// Printing of limit values and abs/labs/llabs/div/ldiv on them.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <stdint.h>

int main(void) {
    printf("%d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("%ld %ld %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("%lld %lld %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("%d %d %d %d %d\n", SCHAR_MIN, SCHAR_MAX, UCHAR_MAX, SHRT_MIN, USHRT_MAX);
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long),
           sizeof(long long), sizeof(void *));
    volatile int a = -2147483647;
    printf("abs %d %d %d\n", abs(a), abs(-5), abs(7));
    volatile long b = -1234567;
    printf("labs %ld llabs %lld\n", labs(b), llabs(-LLONG_MAX));
    div_t d = div(-17, 5);
    ldiv_t ld = ldiv(1000000007L, -33L);
    lldiv_t lld = lldiv(-9000000000000000000LL, 7);
    printf("div %d %d ldiv %ld %ld lldiv %lld %lld\n", d.quot, d.rem, ld.quot, ld.rem, lld.quot, lld.rem);
    printf("intmax %jd %ju\n", INTMAX_MIN, UINTMAX_MAX);
    return 0;
}
