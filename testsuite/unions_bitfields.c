// Unions (type punning through unions), bitfields (signed, unsigned, spanning bytes).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

union pun { uint32_t u; float f; uint8_t b[4]; uint16_t h[2]; };
union pun64 { uint64_t u; double d; int32_t i[2]; };

struct flags {
    unsigned a : 1;
    unsigned b : 3;
    signed c : 5;
    unsigned d : 12;
    unsigned e : 11;
    uint64_t wide : 40;
    int16_t s : 7;
};

struct tagged { int kind; union { long l; double d; char s[8]; } v; };

static void show(const struct tagged *t) {
    switch (t->kind) {
    case 0: printf("long %ld\n", t->v.l); break;
    case 1: printf("double %.3f\n", t->v.d); break;
    default: printf("str %s\n", t->v.s); break;
    }
}

int main(void) {
    union pun p;
    p.f = 1.5f;
    printf("%08x %u %u %u %u %u %u\n", p.u, p.b[0], p.b[1], p.b[2], p.b[3], p.h[0], p.h[1]);
    p.u = 0x40490fdbu;
    printf("%.6f\n", p.f);
    union pun64 q;
    q.d = -2.0;
    printf("%016llx %d %d\n", (unsigned long long)q.u, q.i[0], q.i[1]);
    struct flags f = {1, 5, -7, 4000, 2047, 0xABCDEF1234ull, -20};
    printf("%u %u %d %u %u %llx %d\n", f.a, f.b, f.c, f.d, f.e, (unsigned long long)f.wide, f.s);
    f.b += 4;  /* wraps in 3 bits */
    f.c -= 10; /* -17 wraps in 5 bits: implementation-defined but same on both */
    f.d = f.d * 2;
    f.wide += 0xFFFFFFFFFFull;
    printf("%u %d %u %llx\n", f.b, f.c, f.d, (unsigned long long)f.wide);
    for (int i = -20; i < 20; i += 7) { f.c = i; printf("c=%d ", f.c); }
    printf("\n");
    struct tagged ts[3] = {{0, {.l = -99}}, {1, {.d = 3.14159}}, {2, {.s = "hello"}}};
    for (int i = 0; i < 3; i++) show(&ts[i]);
    printf("size %zu\n", sizeof(struct flags));
    return 0;
}
