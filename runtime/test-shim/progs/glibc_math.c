/* glibc-exported classification functions (runtime/libc/glibc_compat.c) */
#include <stdio.h>
#include <math.h>
int __isnan(double); int __isinf(double); int __finite(double); int __isinfl(long double); int __isnanf(float);
int main(void){ volatile double z=0; printf("%d %d %d %d %d %d %d\n", __isnan(z/z), __isnan(1.0), __isinf(-1/z), __isinf(1/z), __finite(1/z), __isinfl(-INFINITY), __isnanf(NAN)); return 0; }
