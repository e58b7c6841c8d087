// Sign/zero extension, truncation and integer promotions between widths.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

static volatile int64_t src[] = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769,
                                 65535, 2147483647LL, 2147483648LL, -2147483649LL, 4294967295LL,
                                 0x123456789ABCDEFLL, -0x123456789ABCDEFLL};

int main(void) {
    for (unsigned i = 0; i < sizeof src / sizeof src[0]; i++) {
        int64_t v = src[i];
        printf("%lld: i8 %d u8 %u i16 %d u16 %u i32 %d u32 %u\n", (long long)v, (int8_t)v, (uint8_t)v,
               (int16_t)v, (uint16_t)v, (int32_t)v, (uint32_t)v);
        int8_t c = (int8_t)v;
        uint8_t uc = (uint8_t)v;
        printf("  ext %lld %llu %lld %llu\n", (long long)c, (unsigned long long)c, (long long)uc,
               (unsigned long long)(uint32_t)(int32_t)c);
        printf("  promo %d %d %u\n", c + uc, uc * c, (unsigned)c + 1u);
    }
    unsigned char x = 250, y = 10;
    printf("uchar sum %d %d\n", x + y, (unsigned char)(x + y));
    printf("cmp %d %d\n", -1 < 1u, (long long)-1 < 1u);
    long l = -5;
    unsigned long ul = (unsigned long)l;
    printf("ulong %lu %d\n", ul, ul > 5);
    return 0;
}
