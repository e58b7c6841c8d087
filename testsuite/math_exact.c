// libm functions with exactly defined results: sqrt floor ceil trunc round fabs fmod remainder
// ldexp frexp modf copysign nearbyint-free; integer powers by hand.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <math.h>

static volatile double dv[] = {0.0, 2.0, 2.5, -2.5, 3.7, -3.7, 1e10 + 0.5, 0.49999999999999994, 1024.0, 1e-3};

int main(void) {
    for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
        double d = dv[i];
        printf("%.17g: floor %g ceil %g trunc %g round %g fabs %g sqrt %.17g\n", d, floor(d), ceil(d), trunc(d), round(d),
               fabs(d), sqrt(fabs(d)));
        int ex;
        double fr = frexp(d, &ex), ip;
        double fp = modf(d, &ip);
        printf("   frexp %.17g %d modf %.17g %g fmod %.17g ldexp %g\n", fr, ex, fp, ip, fmod(d, 0.75), ldexp(d, 5));
    }
    printf("sqrt2 %.17g sqrtf %.9g\n", sqrt(2.0), (double)sqrtf(2.0f));
    printf("floorf %g ceilf %g fabsf %g\n", (double)floorf(-1.5f), (double)ceilf(-1.5f), (double)fabsf(-0.0f));
    printf("fmod neg %g %g\n", fmod(-7.0, 3.0), fmod(7.0, -3.0));
    double p = 1;
    for (int i = 0; i < 64; i++) p *= 2;
    printf("2^64 %.1f\n", p);
    return 0;
}
