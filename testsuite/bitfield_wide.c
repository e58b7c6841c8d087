// Bit-fields whose storage unit is wider than 128 bits (a packed struct: clang loads and
// stores it as one i152 or i240 and extracts fields by shifts and masks): reads, writes,
// signed fields, comparisons, arithmetic, arrays of such structs, copies, initializers.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;

#pragma pack(push, 1)
struct S {
    u64 a : 60, b : 60, c : 30;
};
struct T {
    long long a : 60;
    long long b : 63;
    int c : 27;
    unsigned char d;
    long long e : 41;
};
struct U {
    u64 a : 60, b : 60, c : 60;
    long long d : 60;
};
#pragma pack(pop)

struct S g = {1, 2, 3};
struct T h = {-5, 7, -9, 4, -1};
static struct S arr[4];
static volatile u64 seed = 0x0123456789abcdefULL;

static u64 mix(u64 x) { return x * 0x9e3779b97f4a7c15ULL ^ (x >> 29); }

int main(void) {
    struct S s = {seed, ~seed, (unsigned)seed};
    s.b += 5;
    s.c ^= 0x155;
    g.a = s.b * 3;
    g.c = s.a >> 7;
    h.a -= 100;
    h.c = h.a;
    h.b = -h.b * 1000;
    h.e = h.a * 77;
    printf("%llx %llx %llx\n", (u64)s.a, (u64)s.b, (u64)s.c);
    printf("%llx %llx %llx\n", (u64)g.a, (u64)g.b, (u64)g.c);
    printf("%lld %lld %d %d %lld\n", (long long)h.a, (long long)h.b, h.c, h.d, (long long)h.e);
    u64 x = seed;
    for (int i = 0; i < 4; i++) {
        x = mix(x + i);
        arr[i].a = x;
        arr[i].b = ~x + s.c;
        arr[i].c = arr[i].a ^ (x >> 40);
    }
    for (int i = 0; i < 4; i++) {
        struct S t = arr[i];
        t.b++;
        arr[i].c += t.b > arr[(i + 1) % 4].b;
        printf("%d: %llx %llx %llx %d %d %d\n", i, (u64)arr[i].a, (u64)t.b, (u64)arr[i].c,
               arr[i].a < arr[i].b, arr[i].c == t.c, (long long)h.a < (long long)arr[i].c);
    }
    /* Signed fields: sign extension, comparisons, wrap-around. */
    struct T v;
    memset(&v, 0, sizeof v);
    for (int i = 0; i < 5; i++) {
        v.a = (long long)mix(i) >> 3;
        v.b = -(long long)(mix(i + 9) >> 2);
        v.e = v.a - v.b;
        v.c = i * 1000003;
        printf("%lld %lld %lld %d %d %d\n", (long long)v.a, (long long)v.b, (long long)v.e, v.c,
               v.a < v.b, v.e > 0);
    }
    /* Four limbs (i240): fields across every limb boundary. */
    struct U w = {seed, seed >> 3, ~seed, -(long long)(seed >> 5)};
    for (int i = 0; i < 3; i++) {
        w.c += w.a ^ (w.b << 2);
        w.d -= (long long)w.c >> 4;
        w.b = w.d < 0 ? w.b * 7 : w.b + 1;
        printf("%llx %llx %llx %lld %d\n", (u64)w.a, (u64)w.b, (u64)w.c, (long long)w.d,
               w.c > w.b);
    }
    /* The raw bytes of the packed structs. */
    unsigned char *p = (unsigned char *)&arr[1];
    for (unsigned i = 0; i < sizeof(struct S); i++)
        printf("%02x", p[i]);
    printf(" %u %u %u\n", (unsigned)sizeof(struct S), (unsigned)sizeof(struct T),
           (unsigned)sizeof(struct U));
    return 0;
}
