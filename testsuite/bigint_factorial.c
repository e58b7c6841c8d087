// Arbitrary-precision arithmetic on arrays of 32-bit limbs: 100!, 2^500, decimal printing by
// repeated division (64-bit intermediate products).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define LIMBS 40
typedef struct { uint32_t d[LIMBS]; } big;

static void mul_small(big *a, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < LIMBS; i++) { uint64_t t = (uint64_t)a->d[i] * m + carry; a->d[i] = (uint32_t)t; carry = t >> 32; }
}
static uint32_t div_small(big *a, uint32_t m) {
    uint64_t rem = 0;
    for (int i = LIMBS - 1; i >= 0; i--) { uint64_t cur = (rem << 32) | a->d[i]; a->d[i] = (uint32_t)(cur / m); rem = cur % m; }
    return (uint32_t)rem;
}
static int is_zero(const big *a) { for (int i = 0; i < LIMBS; i++) if (a->d[i]) return 0; return 1; }
static void print(const char *t, big a) {
    char buf[LIMBS * 10 + 1];
    int n = 0;
    do { uint32_t r = div_small(&a, 1000000000u); for (int k = 0; k < 9; k++) { buf[n++] = (char)('0' + r % 10); r /= 10; } } while (!is_zero(&a));
    while (n > 1 && buf[n - 1] == '0') n--;
    printf("%s = ", t);
    while (n) putchar(buf[--n]);
    putchar('\n');
}

int main(void) {
    big f;
    memset(&f, 0, sizeof f);
    f.d[0] = 1;
    for (uint32_t i = 2; i <= 100; i++) mul_small(&f, i);
    print("100!", f);
    big p;
    memset(&p, 0, sizeof p);
    p.d[0] = 1;
    for (int i = 0; i < 500; i++) mul_small(&p, 2);
    print("2^500", p);
    return 0;
}
