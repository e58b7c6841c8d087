// Packed and aligned structs: unaligned fields, sizeof/offsetof, copying packed records.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct __attribute__((packed)) hdr { uint8_t kind; uint32_t len; uint16_t flags; uint64_t stamp; };
struct __attribute__((aligned(16))) al { char c; };
struct wide { char c; long double ld; short s; };

int main(void) {
    printf("sizeof hdr %zu offs %zu %zu %zu\n", sizeof(struct hdr), offsetof(struct hdr, len), offsetof(struct hdr, flags),
           offsetof(struct hdr, stamp));
    printf("sizeof al %zu\n", sizeof(struct al));
    struct hdr h[3];
    for (int i = 0; i < 3; i++) {
        h[i].kind = (uint8_t)(i + 1);
        h[i].len = 0x01020304u * (uint32_t)(i + 1);
        h[i].flags = (uint16_t)(0xA000 + i);
        h[i].stamp = 0x1122334455667788ull + (uint64_t)i;
    }
    unsigned char raw[sizeof h];
    memcpy(raw, h, sizeof h);
    for (unsigned i = 0; i < sizeof raw; i++) printf("%02x", raw[i]);
    printf("\n");
    struct hdr copy = h[2];
    uint32_t *lp = &copy.len; /* unaligned pointer, only used through memcpy-safe reads below */
    uint32_t l;
    memcpy(&l, lp, sizeof l);
    printf("copy %u %x %llx %x\n", copy.kind, l, (unsigned long long)copy.stamp, copy.flags);
    struct wide w = {'w', 1.25L, 7};
    printf("wide %c %.2Lf %d\n", w.c, w.ld, w.s);
    return 0;
}
