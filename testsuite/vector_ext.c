// GCC vector extensions (__attribute__((vector_size))): element-wise arithmetic, comparisons,
// shuffles, lane access, conversions.
// EXPECT: exit 0
// M32
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned char v16u8 __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));

static volatile int seed = 3;

int main(void) {
    v4si a = {1, 2, 3, 4}, b = {seed, -seed, 10, 100};
    v4si c = a * b + (a << 2) - (b >> 1);
    printf("c %d %d %d %d\n", c[0], c[1], c[2], c[3]);
    v4si m = a > b;
    printf("cmp %d %d %d %d\n", m[0], m[1], m[2], m[3]);
    v4si sel = (a & m) | (b & ~m);
    printf("sel %d %d %d %d\n", sel[0], sel[1], sel[2], sel[3]);
    v4si sh = __builtin_shufflevector(a, b, 7, 0, 5, 2);
    printf("shuffle %d %d %d %d\n", sh[0], sh[1], sh[2], sh[3]);
    v16u8 bytes;
    for (int i = 0; i < 16; i++) bytes[i] = (unsigned char)(i * 20 + seed);
    v16u8 sum = bytes + bytes;
    unsigned t = 0;
    for (int i = 0; i < 16; i++) t = t * 3 + sum[i];
    printf("bytes %u\n", t);
    v4sf f = {1.5f, -2.25f, 3.0f, 0.1f};
    v4sf g = f * f / 2;
    printf("float %.4f %.4f %.4f %.4f\n", g[0], g[1], g[2], g[3]);
    v4si conv = __builtin_convertvector(f * 10, v4si);
    printf("conv %d %d %d %d\n", conv[0], conv[1], conv[2], conv[3]);
    v2di l = {0x7FFFFFFFFFFFFFFFLL, -5};
    l = l / 3 + 1;
    printf("i64 %lld %lld\n", l[0], l[1]);
    c[2] = 77;
    printf("lane %d size %zu\n", c[2], sizeof c);
    return 0;
}
