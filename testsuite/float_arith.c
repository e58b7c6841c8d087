// float and double arithmetic: + - * / with rounding, fma-free accumulations, comparisons,
// negative zero, subnormals, float vs double precision.
// EXPECT: exit 0
// M32
#include <stdio.h>

static volatile double dv[] = {0.1, 0.2, 0.3, -1.25, 1e-310, 3.0, 1e308, -0.0, 7.0};
static volatile float fv[] = {0.1f, 0.2f, 16777216.0f, 1.0f, -3.5f, 1e-40f, 3e38f};

int main(void) {
    double a = dv[0], b = dv[1];
    printf("%.17g %.17g %d\n", a + b, dv[2], a + b == dv[2]);
    int n = sizeof dv / sizeof dv[0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double x = dv[i], y = dv[j];
            printf("%.6g %.6g %.6g %.6g|", x + y, x - y, x * y, y != 0 ? x / y : 0.0);
            if (j == n - 1) printf("\n");
        }
    float f = fv[0] + fv[1];
    printf("float %.9g %.9g\n", f, (double)fv[0] + fv[1]);
    printf("2^24+1 %.1f %.1f\n", fv[2] + fv[3], (double)fv[2] + fv[3]);
    printf("subnormal %g %g %g\n", fv[5], fv[5] * 1e10f, dv[4] / 1e10);
    printf("overflow %g %g\n", fv[6] * 10.0f, dv[6] * 10);
    double sum = 0;
    for (int i = 1; i <= 1000; i++) sum += 1.0 / i;
    printf("harmonic %.15f\n", sum);
    float fs = 0;
    for (int i = 1; i <= 1000; i++) fs += 1.0f / (float)i;
    printf("harmonic f %.7f\n", fs);
    double negz = dv[7];
    printf("negz %g %g %d %g\n", negz, -negz, negz == 0.0, 1.0 / (negz + 0.0));
    printf("cmp %d %d %d %d\n", dv[0] < dv[1], dv[3] <= -1.25, dv[5] > dv[8], fv[4] >= -3.5f);
    double r = 1;
    for (int i = 0; i < 30; i++) r = r * 1.1 - 0.05;
    printf("iter %.12f\n", r);
    return 0;
}
