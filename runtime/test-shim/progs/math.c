#include <stdio.h>
#include <math.h>

int main(void)
{
	double xs[] = { 0.0, 0.5, 1.0, 2.0, 3.7, -1.25, 10.0, 1e-3, 100.5 };
	int i;
	for (i = 0; i < 9; i++) {
		double x = xs[i];
		printf("%g: sqrt=%.15g floor=%g ceil=%g round=%g trunc=%g fabs=%g exp=%.15g sin=%.15g cos=%.15g atan=%.15g pow=%.15g fmod=%.15g\n",
		       x, sqrt(fabs(x)), floor(x), ceil(x), round(x), trunc(x), fabs(x), exp(x), sin(x), cos(x),
		       atan(x), pow(x, 1.5), fmod(x, 0.75));
		if (x > 0) printf("   log=%.15g log10=%.15g log2=%.15g\n", log(x), log10(x), log2(x));
	}
	printf("hypot %.15g atan2 %.15g cbrt %.15g\n", hypot(3, 4), atan2(1, -1), cbrt(27.0));
	printf("sqrtf %.9g sinl %.18Lg powl %.18Lg\n", sqrtf(2.0f), sinl(1.0L), powl(2.0L, 0.5L));
	printf("isnan %d isinf %d %d\n", isnan(NAN), isinf(INFINITY), isinf(1.0));
	printf("lrint %ld llround %lld nearbyint %g\n", lrint(2.5), llround(-2.5), nearbyint(3.5));
	printf("frexp/ldexp %g %g\n", ldexp(0.75, 4), frexp(48.0, &i));
	printf("e=%d\n", i);
	return 0;
}
