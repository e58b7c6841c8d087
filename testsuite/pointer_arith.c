// Pointer arithmetic: differences, comparisons, walking arrays by pointer, casts via char*,
// one-past-the-end pointers, uintptr_t round trips (no raw addresses printed).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>

struct s { char c; int i; double d; short h[3]; };

int main(void) {
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * i;
    int *p = a, *end = a + 10;
    int s = 0;
    while (p != end) s += *p++;
    printf("sum %d diff %td\n", s, end - a);
    int *q = &a[7];
    printf("q-1 %d q[-3] %d %d\n", *(q - 1), q[-3], (int)(q > a && q < end));
    char *c = (char *)a;
    printf("bytes %d\n", *(int *)(c + 3 * sizeof(int)));
    struct s obj = {'x', 42, 1.5, {7, 8, 9}};
    char *base = (char *)&obj;
    printf("fields %d %.1f %d\n", *(int *)(base + offsetof(struct s, i)), *(double *)(base + offsetof(struct s, d)),
           ((short *)(base + offsetof(struct s, h)))[2]);
    uintptr_t u = (uintptr_t)&a[3];
    int *back = (int *)(u + sizeof(int));
    printf("uintptr %d %d\n", *back, (int)((uintptr_t)&a[9] - (uintptr_t)&a[1]));
    double d[5] = {1, 2, 3, 4, 5};
    double *dp = &d[4];
    double t = 0;
    for (; dp >= d + 1; dp--) t = t * 2 + *dp;
    printf("t %.0f\n", t);
    const char *str = "pointer";
    const char *e = str;
    while (*e) e++;
    printf("len %td\n", e - str);
    void *v = a;
    printf("void %d\n", *((int *)v + 5));
    return 0;
}
