// NaN and infinity: comparisons (all false with NaN), isnan/isinf/isfinite, propagation,
// fmin/fmax, conversions of inf to double/float, signbit, printing (sign of NaN not printed).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <math.h>

static volatile double zero = 0.0, one = 1.0;

int main(void) {
    double nan1 = zero / zero, inf = one / zero, ninf = -one / zero;
    double n2 = NAN;
    printf("isnan %d %d %d isinf %d %d %d\n", isnan(nan1), isnan(n2), isnan(inf), !!isinf(inf), !!isinf(ninf), !!isinf(nan1));
    printf("isfinite %d %d %d\n", isfinite(one), isfinite(inf), isfinite(nan1));
    printf("nan cmp %d %d %d %d %d %d\n", nan1 == nan1, nan1 != nan1, nan1 < 1, nan1 > 1, nan1 <= nan1, !(nan1 >= 0));
    printf("inf cmp %d %d %d %d\n", inf > 1e308, ninf < -1e308, inf == inf, inf - inf != inf - inf);
    printf("inf arith %g %g %g %d\n", inf + 1, inf * -2, one / inf, ninf / inf == ninf / inf);
    printf("prop %d %d %d\n", isnan(nan1 + 1), isnan(nan1 * 0), isnan(inf * 0));
    printf("fmin %g fmax %g\n", fmin(nan1, 3.0), fmax(2.0, nan1));
    float fi = (float)inf, fn = (float)nan1;
    printf("float %g %d %d\n", fi, isinf(fi), isnan(fn));
    printf("overflow to inf %d\n", isinf((float)1e300));
    printf("signbit %d %d %d %d\n", !!signbit(-0.0), !!signbit(0.0), !!signbit(ninf), !!signbit(one));
    printf("copysign %g %g\n", copysign(3.0, -0.0), copysign(inf, -1.0));
    double vals[] = {1.0, nan1, -2.0, inf, 0.5};
    double mx = -INFINITY;
    int nans = 0;
    for (int i = 0; i < 5; i++) { if (vals[i] != vals[i]) { nans++; continue; } if (vals[i] > mx) mx = vals[i]; }
    printf("max %g nans %d\n", mx, nans);
    printf("unordered %d %d\n", isunordered(nan1, 1.0), isgreater(2.0, 1.0));
    return 0;
}
