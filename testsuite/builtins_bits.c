// __builtin_popcount/clz/ctz/bswap/parity/ffs and overflow-checking builtins.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>
#include <limits.h>

static volatile uint32_t v32[] = {1, 2, 3, 0x80000000u, 0xFFFFFFFFu, 0x00F0F000u, 12345678};
static volatile uint64_t v64[] = {1, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull, 0x0000F0000000F000ull};

int main(void) {
    for (unsigned i = 0; i < sizeof v32 / sizeof v32[0]; i++) {
        uint32_t x = v32[i];
        printf("%08x pop %d clz %d ctz %d bswap %08x parity %d ffs %d\n", x, __builtin_popcount(x),
               __builtin_clz(x), __builtin_ctz(x), __builtin_bswap32(x), __builtin_parity(x), __builtin_ffs((int)x));
        printf("  bswap16 %04x\n", __builtin_bswap16((uint16_t)x));
    }
    for (unsigned i = 0; i < sizeof v64 / sizeof v64[0]; i++) {
        uint64_t x = v64[i];
        printf("%016llx pop %d clz %d ctz %d bswap %016llx\n", (unsigned long long)x, __builtin_popcountll(x),
               __builtin_clzll(x), __builtin_ctzll(x), (unsigned long long)__builtin_bswap64(x));
    }
    volatile int big = INT_MAX - 5, m = 3;
    int r;
    for (int k = 0; k < 8; k++) {
        int o1 = __builtin_add_overflow(big, k, &r);
        printf("add %d %d %d\n", k, o1, o1 ? 0 : r);
        int o2 = __builtin_mul_overflow(big / 1000, k * 300, &r);
        printf("mul %d %d %d\n", k, o2, r);
        int o3 = __builtin_sub_overflow(-big, k * m, &r);
        printf("sub %d %d %d\n", k, o3, r);
    }
    unsigned long long ur;
    volatile unsigned long long ua = 0xFFFFFFFFull, ub = 0x100000001ull;
    printf("umul64 %d ", __builtin_mul_overflow(ua, ub, &ur)); printf("%llu\n", ur);
    printf("umul64 %d ", __builtin_mul_overflow(ua * 65536, ub * 65536, &ur)); printf("%llu\n", ur);
    long long sr;
    volatile long long sa = 3037000500LL;
    printf("smul64 %d ", __builtin_mul_overflow(sa, sa, &sr)); printf("%lld\n", sr);
    printf("smul64 %d ", __builtin_mul_overflow(sa - 1, sa - 1, &sr)); printf("%lld\n", sr);
    unsigned ur32;
    printf("uadd %d ", __builtin_add_overflow(4000000000u, (unsigned)big / 7, &ur32)); printf("%u\n", ur32);
    return 0;
}
