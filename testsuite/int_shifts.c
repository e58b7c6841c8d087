// Shifts on every width: logical vs arithmetic right shifts, shifts by variable amounts < width.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

static volatile int32_t neg = -123456789;
static volatile uint32_t pos = 0xDEADBEEFu;
static volatile int64_t neg64 = -1234567890123456789LL;
static volatile uint64_t pos64 = 0xFEDCBA9876543210ull;

int main(void) {
    for (int s = 0; s < 32; s += 3)
        printf("%2d: %d %d %u %u\n", s, neg >> s, (int32_t)((uint32_t)neg << s), pos >> s, pos << s);
    for (int s = 0; s < 64; s += 7)
        printf("%2d: %lld %llu %llu %lld\n", s, (long long)(neg64 >> s), (unsigned long long)(pos64 >> s),
               (unsigned long long)(pos64 << s), (long long)((uint64_t)neg64 << s));
    int8_t c = -100;
    uint8_t uc = 200;
    int16_t h = -30000;
    uint16_t uh = 60000;
    for (int s = 0; s < 8; s++)
        printf("8/16 %d: %d %u %d %u %d\n", s, c >> s, uc >> s, h >> s, uh >> s, (int8_t)(uc << s));
    uint32_t rot = pos;
    for (int s = 1; s < 32; s += 5) {
        rot = (rot << s) | (rot >> (32 - s));
        printf("rot %08x\n", rot);
    }
    uint64_t r64 = pos64;
    for (int s = 1; s < 64; s += 9) {
        r64 = (r64 >> s) | (r64 << (64 - s));
        printf("rot64 %016llx\n", (unsigned long long)r64);
    }
    return 0;
}
