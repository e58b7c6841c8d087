// Sparse switch, shared targets, fallthrough, switch on long long and unsigned, nested switches.
// EXPECT: exit 0
// M32
#include <stdio.h>

static int classify(int x) {
    int r = 0;
    switch (x) {
    case -1000000: r += 1;
    /* fallthrough */
    case 7: r += 10;
    /* fallthrough */
    case 100:
    case 101:
    case 5000: r += 100; break;
    case 65536: return -1;
    case 1 << 30: r = 42; break;
    default: r = x & 3;
    }
    return r;
}

static const char *big(long long v) {
    switch (v) {
    case 0x100000000LL: return "2^32";
    case -1: return "minus one";
    case 0x7FFFFFFFFFFFFFFFLL: return "max";
    case 12345678901LL: return "12345678901";
    default: return "?";
    }
}

static int nested(unsigned a, unsigned b) {
    switch (a % 3) {
    case 0:
        switch (b % 4) { case 0: return 1; case 3: return 2; default: return 3; }
    case 1:
        if (b > 5) break;
        return 4;
    default:
        return 5;
    }
    return 6;
}

int main(void) {
    int xs[] = {-1000000, 7, 100, 101, 5000, 65536, 1 << 30, 13, -13, 0, 6};
    for (unsigned i = 0; i < sizeof xs / sizeof xs[0]; i++) printf("classify(%d)=%d\n", xs[i], classify(xs[i]));
    long long ls[] = {0x100000000LL, -1, 0x7FFFFFFFFFFFFFFFLL, 12345678901LL, 5};
    for (unsigned i = 0; i < 5; i++) printf("%lld %s\n", ls[i], big(ls[i]));
    int sum = 0;
    for (unsigned a = 0; a < 9; a++)
        for (unsigned b = 0; b < 9; b++) sum = sum * 7 + nested(a, b), sum %= 1000003;
    printf("nested %d\n", sum);
    return 0;
}
