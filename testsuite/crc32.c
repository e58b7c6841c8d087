// Table-driven CRC-32 and Adler-32 over generated data: unsigned shifts, xor, table lookups.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t table[256];

static void init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}
static uint32_t crc32(const unsigned char *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    while (n--) c = table[(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}
static uint32_t adler32(const unsigned char *p, size_t n) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) { a = (a + p[i]) % 65521; b = (b + a) % 65521; }
    return (b << 16) | a;
}

int main(void) {
    init();
    const char *s = "The quick brown fox jumps over the lazy dog";
    printf("crc32 %08x adler32 %08x\n", crc32((const unsigned char *)s, strlen(s)), adler32((const unsigned char *)s, strlen(s)));
    printf("crc32 empty %08x\n", crc32((const unsigned char *)"", 0));
    static unsigned char buf[10000];
    uint32_t x = 1;
    for (int i = 0; i < 10000; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; buf[i] = (unsigned char)x; }
    printf("crc32 buf %08x adler32 buf %08x\n", crc32(buf, sizeof buf), adler32(buf, sizeof buf));
    return 0;
}
