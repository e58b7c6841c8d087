// long double arithmetic and printing with %Lf %Le %Lg, conversions to and from long double.
// EXPECT: exit 0
// M32
#include <stdio.h>

static volatile long double third_src = 3;

int main(void) {
    long double third = 1.0L / third_src;
    printf("%Lf %.20Lf %Le %Lg\n", third, third, third, third);
    long double big = 1e4000L / 1e3990L;
    printf("%Lg %.5Le\n", big, (long double)1e300 * 1e300);
    long double acc = 0;
    for (int i = 1; i <= 100; i++) acc += 1.0L / ((long double)i * i);
    printf("basel %.18Lf\n", acc);
    double d = (double)third;
    printf("to double %.20f back %.20Lf\n", d, (long double)d);
    long long ll = (long long)(third * 1e18L);
    printf("to ll %lld\n", ll);
    unsigned long long u = 18446744073709551615ull;
    long double lu = (long double)u;
    printf("from ull %.1Lf exact %d\n", lu, (unsigned long long)lu == u);
    long double x = 2;
    for (int i = 0; i < 6; i++) { x = x * x; printf("%Lg ", x); }
    printf("\n%d %d %d\n", third < 0.34L, third > (long double)(1.0 / 3.0), (long double)0.1f == 0.1L);
    printf("%10.3Lf|%-10.2Le|%+Lf\n", -third, third * 1000, third);
    printf("sizeof %zu\n", sizeof(long double) >= 12);
    return 0;
}
