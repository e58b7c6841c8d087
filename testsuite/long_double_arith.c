// long double (x86 80-bit) arithmetic: precision beyond double, comparisons, conversions to
// integers, mixed double/long double expressions.
// EXPECT: exit 0
// M32
#include <stdio.h>

static volatile long double lv[] = {1.0L, 3.0L, 1e-20L, 1e20L, -7.5L, 0.1L};

int main(void) {
    long double one = lv[0], big = lv[3], tiny = lv[2];
    printf("precision %d %d\n", (one + tiny) > one, (double)one + (double)tiny > (double)one);
    printf("big+1 %.1Lf\n", big + 1);
    long double e = 1, term = 1;
    for (int i = 1; i < 25; i++) { term /= i; e += term; }
    printf("e %.18Lf\n", e);
    long double pi = 0;
    for (int k = 0; k < 20; k++) {
        long double p = 1;
        for (int j = 0; j < k; j++) p /= 16;
        pi += p * (4.0L / (8 * k + 1) - 2.0L / (8 * k + 4) - 1.0L / (8 * k + 5) - 1.0L / (8 * k + 6));
    }
    printf("pi %.18Lf\n", pi);
    printf("conv %lld %d %u\n", (long long)(big / 1000), (int)lv[4], (unsigned)(lv[1] * 1e9L));
    long double m = lv[5] * 10 - 1;
    printf("0.1*10-1 %Le %d\n", m, m == 0);
    double d = 0.1;
    long double mix = d * lv[1];
    printf("mix %.20Lf\n", mix);
    printf("cmp %d %d %d\n", lv[4] < -7, lv[1] >= 3, lv[5] != 0.1);
    long double f = 1;
    for (int i = 1; i <= 25; i++) f *= i;
    printf("25! %.0Lf\n", f);
    unsigned long long u = (unsigned long long)(f / 1e10L);
    printf("25!/1e10 %llu\n", u);
    return 0;
}
