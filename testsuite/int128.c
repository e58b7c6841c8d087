// 128-bit integer arithmetic (x86-64 only), printed through 64-bit halves and a decimal converter.
// EXPECT: exit 0
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void print_u128(const char *tag, u128 v) {
    char buf[50];
    int n = 0;
    do { buf[n++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    printf("%s ", tag);
    while (n) putchar(buf[--n]);
    putchar('\n');
}

static void print_i128(const char *tag, i128 v) {
    if (v < 0) { printf("%s -", tag); print_u128("", -(u128)v); }
    else print_u128(tag, (u128)v);
}

static volatile unsigned long long a = 0xFFFFFFFFFFFFFFFFull, b = 12345678901234567ull;

int main(void) {
    u128 x = (u128)a * a;
    printf("x hi %016llx lo %016llx\n", (unsigned long long)(x >> 64), (unsigned long long)x);
    print_u128("x", x);
    u128 y = (u128)b * b * 1000;
    print_u128("y", y);
    print_u128("y/x", y / (x >> 20));
    print_u128("y%b", y % b);
    i128 z = -(i128)y / 7;
    print_i128("z", z);
    print_i128("z%1000003", z % 1000003);
    print_i128("z>>3", z >> 3);
    print_u128("x<<3", x << 3);
    print_u128("fact25", ({ u128 f = 1; for (int i = 2; i <= 25; i++) f *= (u128)i; f; }));
    i128 m = -((i128)1 << 100);
    printf("cmp %d %d %d\n", m < 0, (u128)m > x, z < m);
    return 0;
}
