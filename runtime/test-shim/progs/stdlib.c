#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	int a[] = { 5, -3, 99, 0, 42, 7, -100, 8, 8, 1, 2, 3, 1000, -1 };
	size_t n = sizeof a / sizeof *a, i;
	qsort(a, n, sizeof *a, cmp_int);
	for (i = 0; i < n; i++) printf("%d ", a[i]);
	printf("\n");
	int key = 42, *f = bsearch(&key, a, n, sizeof *a, cmp_int);
	printf("bsearch %ld\n", f ? (long)(f - a) : -1L);
	const char *words[] = { "pear", "apple", "fig", "banana", "cherry", "apple2" };
	qsort(words, 6, sizeof *words, cmp_str);
	for (i = 0; i < 6; i++) printf("%s ", words[i]);
	printf("\n");
	const char *nums[] = { "42", "-17", "  +8x", "0x1f", "0777", "junk", "2147483648", "-9223372036854775809x", "1e5", "" };
	for (i = 0; i < sizeof nums / sizeof *nums; i++) {
		char *end;
		errno = 0;
		long v = strtol(nums[i], &end, 0);
		int e = errno;
		unsigned long u = strtoul(nums[i], 0, 10);
		long long ll = strtoll(nums[i], 0, 16);
		printf("[%s] strtol=%ld end=%ld errno=%d strtoul=%lu strtoll16=%lld\n",
		       nums[i], v, (long)(end - nums[i]), e, u, ll);
		/* atoi/atol of an out-of-range value are undefined (musl and glibc differ) */
		if (strlen(nums[i]) < 10) printf("  atoi=%d atol=%ld\n", atoi(nums[i]), atol(nums[i]));
	}
	const char *fl[] = { "junk", "-", "nan(abc", "3.14159", "-2.5e-3", "inf", "nan", "1e400", "0x1.8p1", "  12abc", "1e-320" };
	for (i = 0; i < sizeof fl / sizeof *fl; i++) {
		char *end;
		errno = 0;
		double d = strtod(fl[i], &end);
		printf("[%s] strtod=%.17g end=%ld errno=%d strtof=%.9g strtold=%.21Lg atof=%g\n", fl[i], d,
		       (long)(end - fl[i]), errno, strtof(fl[i], 0), strtold(fl[i], 0), atof(fl[i]));
	}
	printf("abs %d labs %ld llabs %lld\n", abs(-5), labs(-6L), llabs(-7LL));
	div_t q = div(17, -5);
	ldiv_t lq = ldiv(-17L, 5L);
	printf("div %d %d ldiv %ld %ld\n", q.quot, q.rem, lq.quot, lq.rem);
	srand(1);
	int r1 = rand();
	srand(1);
	printf("rand repeatable %d\n", r1 == rand());
	int *p = malloc(100 * sizeof *p);
	for (i = 0; i < 100; i++) p[i] = (int)i * 3;
	p = realloc(p, 1000 * sizeof *p);
	long sum = 0;
	for (i = 0; i < 100; i++) sum += p[i];
	int *z = calloc(50, sizeof *z);
	for (i = 0; i < 50; i++) sum += z[i];
	free(p);
	free(z);
	printf("heap sum %ld\n", sum);
	printf("getenv TREX_TEST=%s HOME=%s NOPE=%s\n", getenv("TREX_TEST"), getenv("HOME"),
	       getenv("NOPE") ? "set" : "(unset)");
	setenv("NEWVAR", "v1", 1);
	printf("setenv %s\n", getenv("NEWVAR"));
	return 0;
}
