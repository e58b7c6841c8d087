#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <limits.h>
#include <float.h>
#include <math.h>

int main(void)
{
	int i;
	printf("hello, world\n");
	printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
	printf("[%d] [%d] [%u] [%ld] [%lld] [%llu]\n", INT_MIN, INT_MAX, UINT_MAX, LONG_MIN, LLONG_MIN, ULLONG_MAX);
	printf("[%x] [%X] [%#x] [%o] [%#o] [%08x]\n", 0xbeef, 0xbeef, 0xbeef, 0755, 0755, 0x1234);
	printf("[%5.2f] [%f] [%.0f] [%.10f] [%-10.3f]\n", 3.14159, 2.5, 2.5, 1.0/3, -1.5);
	printf("[%e] [%E] [%.3e] [%g] [%G] [%g] [%g] [%g]\n", 12345.678, 0.000123, 6.02e23, 100000.0, 1e-5, 1e6, 0.0001, 123456789.0);
	printf("[%a] [%A]\n", 1.0, -0.5);
	printf("[%Lf] [%.3Lf] [%Le] [%Lg]\n", 3.14159265358979323846L, (long double)1/3, 1e300L*1e300L, 0.1L);
	printf("[%f] [%f] [%f] [%e]\n", INFINITY, -INFINITY, NAN, -0.0);
	printf("[%.20f] [%.17g] [%.17g]\n", 0.1, 0.1, DBL_MAX);
	printf("[%s] [%10s] [%-10s] [%.3s] [%c] [%%]\n", "str", "right", "left", "truncate", 'x');
	printf("[%zu] [%td] [%jd] [%hhd] [%hd]\n", sizeof(long), (ptrdiff_t)-7, (intmax_t)1 << 40, (char)300, (short)70000);
	printf("[%*d] [%-*d] [%.*f]\n", 6, 7, 6, 7, 2, 2.71828);
	printf("[%p] [%p] [%p] [%10p] [%-8p|]\n", (void *)0x1000, (void *)0xdeadbeef, (void *)0, (void *)0, (void *)0);
	for (i = 0; i < 5; i++) printf("%d%s", i * i, i < 4 ? "," : "\n");
	fprintf(stderr, "to stderr %d\n", 7);
	puts("puts line");
	putchar('A'); putchar('\n');
	fputs("fputs\n", stdout);
	return 3;
}
