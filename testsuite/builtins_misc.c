// Less common builtins: bitreverse, rotate, clrsb, expect, assume_aligned, constant_p,
// saturating-style code the optimizer turns into intrinsics (usub.sat/uadd.sat/abs/smax).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

static volatile uint32_t src32[] = {1, 0x80000001u, 0x12345678u, 0xF0F0F0F0u};

int main(void) {
    for (int i = 0; i < 4; i++) {
        uint32_t x = src32[i];
        printf("%08x rev %08x rotl5 %08x rotr7 %08x clrsb %d rev8 %02x rev16 %04x\n", x, __builtin_bitreverse32(x),
               __builtin_rotateleft32(x, 5), __builtin_rotateright32(x, 7), __builtin_clrsb((int)x),
               __builtin_bitreverse8((uint8_t)x), __builtin_bitreverse16((uint16_t)x));
        uint64_t y = ((uint64_t)x << 32) | ~x;
        printf("  rev64 %016llx rotl64 %016llx\n", (unsigned long long)__builtin_bitreverse64(y),
               (unsigned long long)__builtin_rotateleft64(y, 13));
    }
    int hits = 0;
    for (int i = 0; i < 100; i++)
        if (__builtin_expect(i % 10 == 0, 0)) hits++;
    printf("expect hits %d\n", hits);
    static int aligned_buf[16] __attribute__((aligned(64)));
    int *p = __builtin_assume_aligned(aligned_buf, 64);
    for (int i = 0; i < 16; i++) p[i] = i * 3;
    int s = 0;
    for (int i = 0; i < 16; i++) s += aligned_buf[i];
    printf("aligned sum %d constant_p %d\n", s, __builtin_constant_p(42));
    unsigned sat = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t a = src32[i], b = src32[(i + 1) % 4];
        uint32_t sub = a > b ? a - b : 0;
        uint32_t add = a + b < a ? 0xFFFFFFFFu : a + b;
        sat = sat * 31 + sub + add;
    }
    printf("sat %u\n", sat);
    return 0;
}
