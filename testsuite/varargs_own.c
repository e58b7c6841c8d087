// Own variadic functions: va_list, va_arg of int/long/long long/double/long double/pointers,
// va_copy, forwarding to vprintf, and many arguments (some passed on the stack).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdarg.h>

static long sum_ints(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static double mixed(const char *types, ...) {
    va_list ap, ap2;
    va_start(ap, types);
    va_copy(ap2, ap);
    double s = 0;
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': s += va_arg(ap, int); break;
        case 'l': s += (double)va_arg(ap, long); break;
        case 'L': s += (double)va_arg(ap, long long); break;
        case 'd': s += va_arg(ap, double); break;
        case 'D': s += (double)va_arg(ap, long double); break;
        case 's': s += (double)va_arg(ap, const char *)[0]; break;
        }
    }
    va_end(ap);
    /* second pass over the copy: print the arguments */
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': printf("i%d ", va_arg(ap2, int)); break;
        case 'l': printf("l%ld ", va_arg(ap2, long)); break;
        case 'L': printf("L%lld ", va_arg(ap2, long long)); break;
        case 'd': printf("d%.3f ", va_arg(ap2, double)); break;
        case 'D': printf("D%.3Lf ", va_arg(ap2, long double)); break;
        case 's': printf("s%s ", va_arg(ap2, const char *)); break;
        }
    }
    va_end(ap2);
    printf("\n");
    return s;
}
static int logf_(const char *prefix, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = printf("[%s] ", prefix);
    n += vprintf(fmt, ap);
    va_end(ap);
    return n;
}
static void twice(const char *fmt, ...) {
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    vprintf(fmt, ap);
    vprintf(fmt, cp);
    va_end(cp);
    va_end(ap);
}

int main(void) {
    printf("%ld %ld %ld\n", sum_ints(0), sum_ints(3, 1, 2, 3), sum_ints(12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    double s = mixed("idlLDsddddddddddi", 1, 2.5, 3L, 4LL, 5.25L, "A", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, -7);
    printf("mixed sum %.3f\n", s);
    int n = logf_("info", "%s has %d items costing %.2f (%c)\n", "cart", 3, 19.99, 'y');
    printf("logged %d chars\n", n);
    twice("twice %d %s\n", 5, "x");
    char c = 'q'; short h = -3; float f = 1.5f;
    printf("promoted: %.2f\n", mixed("iid", c, h, f));
    return 0;
}
