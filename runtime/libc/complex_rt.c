/* trex: the compiler-rt/libgcc helpers for complex multiplication and
 * division (C11 Annex G semantics), which clang emits calls to for
 * `_Complex` arithmetic: musl's complex functions (cpow, csqrt, ...) and
 * user programs need them, and there is no compiler runtime in bitcode.
 * Same algorithms as compiler-rt's mulXc3.c / divXc3.c. */
#include <math.h>
#include <complex.h>

/* CMPLX* are C11; this file is compiled as C99. */
#define MK(x, y, t) ((union { _Complex t z; t xy[2]; }){ .xy = { (x), (y) } }.z)
#define CMPLXF(x, y) MK(x, y, float)
#define CMPLX(x, y) MK(x, y, double)
#define CMPLXL(x, y) MK(x, y, long double)

#define DEFINE_MUL(NAME, T, CMPLXT, COPYSIGN) \
T _Complex NAME(T a, T b, T c, T d) \
{ \
	T ac = a * c, bd = b * d, ad = a * d, bc = b * c; \
	T re = ac - bd, im = ad + bc; \
	if (isnan(re) && isnan(im)) { \
		int recalc = 0; \
		if (isinf(a) || isinf(b)) { \
			a = COPYSIGN(isinf(a) ? 1 : 0, a); \
			b = COPYSIGN(isinf(b) ? 1 : 0, b); \
			if (isnan(c)) c = COPYSIGN(0, c); \
			if (isnan(d)) d = COPYSIGN(0, d); \
			recalc = 1; \
		} \
		if (isinf(c) || isinf(d)) { \
			c = COPYSIGN(isinf(c) ? 1 : 0, c); \
			d = COPYSIGN(isinf(d) ? 1 : 0, d); \
			if (isnan(a)) a = COPYSIGN(0, a); \
			if (isnan(b)) b = COPYSIGN(0, b); \
			recalc = 1; \
		} \
		if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) { \
			if (isnan(a)) a = COPYSIGN(0, a); \
			if (isnan(b)) b = COPYSIGN(0, b); \
			if (isnan(c)) c = COPYSIGN(0, c); \
			if (isnan(d)) d = COPYSIGN(0, d); \
			recalc = 1; \
		} \
		if (recalc) { \
			re = INFINITY * (a * c - b * d); \
			im = INFINITY * (a * d + b * c); \
		} \
	} \
	return CMPLXT(re, im); \
}

#define DEFINE_DIV(NAME, T, CMPLXT, COPYSIGN, LOGB, FMAX, FABS, SCALBN) \
T _Complex NAME(T a, T b, T c, T d) \
{ \
	int ilogbw = 0; \
	T logbw = LOGB(FMAX(FABS(c), FABS(d))); \
	if (isfinite(logbw)) { \
		ilogbw = (int)logbw; \
		c = SCALBN(c, -ilogbw); \
		d = SCALBN(d, -ilogbw); \
	} \
	T denom = c * c + d * d; \
	T re = SCALBN((a * c + b * d) / denom, -ilogbw); \
	T im = SCALBN((b * c - a * d) / denom, -ilogbw); \
	if (isnan(re) && isnan(im)) { \
		if (denom == 0 && (!isnan(a) || !isnan(b))) { \
			re = COPYSIGN(INFINITY, c) * a; \
			im = COPYSIGN(INFINITY, c) * b; \
		} else if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) { \
			a = COPYSIGN(isinf(a) ? 1 : 0, a); \
			b = COPYSIGN(isinf(b) ? 1 : 0, b); \
			re = INFINITY * (a * c + b * d); \
			im = INFINITY * (b * c - a * d); \
		} else if (isinf(logbw) && logbw > 0 && isfinite(a) && isfinite(b)) { \
			c = COPYSIGN(isinf(c) ? 1 : 0, c); \
			d = COPYSIGN(isinf(d) ? 1 : 0, d); \
			re = 0 * (a * c + b * d); \
			im = 0 * (b * c - a * d); \
		} \
	} \
	return CMPLXT(re, im); \
}

DEFINE_MUL(__mulsc3, float, CMPLXF, copysignf)
DEFINE_MUL(__muldc3, double, CMPLX, copysign)
DEFINE_MUL(__mulxc3, long double, CMPLXL, copysignl)
DEFINE_DIV(__divsc3, float, CMPLXF, copysignf, logbf, fmaxf, fabsf, scalbnf)
DEFINE_DIV(__divdc3, double, CMPLX, copysign, logb, fmax, fabs, scalbn)
DEFINE_DIV(__divxc3, long double, CMPLXL, copysignl, logbl, fmaxl, fabsl, scalbnl)
