/* Test-only (see run-tests.sh): the LLVM backend lowers intrinsics such as
 * llvm.ceil/llvm.trunc/llvm.pow into calls to libm functions, which
 * `llvm-link --only-needed` does not link because the bitcode never names
 * them. Referencing them here makes them "needed" for the native test
 * build. (trex's executor implements these intrinsics itself.) */
#include <math.h>
#include <string.h>

void *__shim_libcalls[] = {
	(void *)ceil, (void *)ceilf, (void *)ceill, (void *)floor, (void *)floorf, (void *)floorl,
	(void *)trunc, (void *)truncf, (void *)truncl, (void *)round, (void *)roundf, (void *)roundl,
	(void *)rint, (void *)rintf, (void *)rintl, (void *)nearbyint, (void *)nearbyintf,
	(void *)nearbyintl, (void *)sqrt, (void *)sqrtf, (void *)sqrtl, (void *)fabs, (void *)fabsf,
	(void *)fabsl, (void *)fmin, (void *)fminf, (void *)fminl, (void *)fmax, (void *)fmaxf,
	(void *)fmaxl, (void *)copysign, (void *)copysignf, (void *)copysignl, (void *)pow,
	(void *)powf, (void *)powl, (void *)exp, (void *)expf, (void *)expl, (void *)exp2,
	(void *)exp2f, (void *)exp2l, (void *)log, (void *)logf, (void *)logl, (void *)log2,
	(void *)log2f, (void *)log2l, (void *)log10, (void *)log10f, (void *)log10l, (void *)sin,
	(void *)sinf, (void *)sinl, (void *)cos, (void *)cosf, (void *)cosl, (void *)fma,
	(void *)fmaf, (void *)fmal, (void *)fmod, (void *)fmodf, (void *)fmodl, (void *)lrint,
	(void *)llrint, (void *)lround, (void *)llround, (void *)ldexp, (void *)ldexpf,
	(void *)ldexpl, (void *)memcpy, (void *)memmove, (void *)memset, (void *)memcmp,
};
