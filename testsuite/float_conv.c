// Conversions: int<->float/double (rounding toward zero), float<->double, unsigned and 64-bit
// conversions, large values, rounding of casts of halfway values, lround/rint-free.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

static volatile double dv[] = {0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 2.7, 1e9, -1e9, 4294967295.9, 123456789.987654321,
                               9.2e18, -9.2e18, 1.8e19, 0.999999999};

int main(void) {
    for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        double d = dv[i];
        printf("%.6f:", d);
        if (d > -2147483648.0 && d < 2147483648.0) printf(" i32 %d", (int)d);
        if (d > -1.0 && d < 4294967296.0) printf(" u32 %u", (unsigned)d);
        if (d > -9.3e18 && d < 9.3e18) printf(" i64 %lld", (long long)d);
        if (d > -1.0 && d < 1.8446744073709552e19) printf(" u64 %llu", (unsigned long long)d);
        if (d > -32768.0 && d < 32768.0) printf(" i16 %d", (short)d);
        if (d > -128.0 && d < 128.0) printf(" i8 %d", (signed char)d);
        printf(" f %.9g\n", (float)d);
    }
    int32_t ints[] = {0, 1, -1, 16777217, -16777217, 2147483647, -2147483647 - 1, 123456789};
    for (int i = 0; i < 8; i++) printf("%d -> %.1f %.1f\n", ints[i], (float)ints[i], (double)ints[i]);
    uint64_t us[] = {0, 1, 9007199254740993ull, 18446744073709551615ull, 9223372036854775808ull, 0x8000000000000401ull};
    for (int i = 0; i < 6; i++) printf("%llu -> %.1f %.1f\n", (unsigned long long)us[i], (double)us[i], (float)us[i]);
    int64_t ss[] = {-9007199254740993LL, -9223372036854775807LL - 1, 4611686018427387905LL};
    for (int i = 0; i < 3; i++) printf("%lld -> %.1f %.1f\n", (long long)ss[i], (double)ss[i], (float)ss[i]);
    unsigned u = 4294967295u;
    printf("u32 max -> %.1f %.1f\n", (double)u, (float)u);
    float f = 0.1f;
    double d = f;
    float back = (float)(d * 3);
    printf("f->d %.17g back %.9g\n", d, back);
    double dd = 1.0000000596046448;  /* halfway between two floats */
    printf("halfway %.9g %.9g\n", (float)dd, (float)1.0000001788139343);
    unsigned char uc = (unsigned char)(float)200.7f;
    printf("uc %u\n", uc);
    return 0;
}
