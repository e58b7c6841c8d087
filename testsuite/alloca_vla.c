// Variable-length arrays and alloca with sizes known only at run time; VLAs in loops.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <alloca.h>
#include <string.h>

static volatile int n_src = 13;

static long vla_sum(int n) {
    long v[n];
    for (int i = 0; i < n; i++) v[i] = (long)i * i - 3;
    long s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}
static int matrix(int r, int c) {
    int m[r][c];
    for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) m[i][j] = i ^ j;
    int t = 0;
    for (int i = 0; i < r; i++) t += m[i][c - 1 - i % c];
    return t + (int)sizeof m;
}

int main(void) {
    int n = n_src;
    printf("vla %ld %ld\n", vla_sum(n), vla_sum(n * 10));
    printf("matrix %d\n", matrix(n, n / 2));
    char *s = alloca((size_t)n + 1);
    memset(s, 'z', (size_t)n);
    s[n] = 0;
    s[3] = 'A';
    printf("alloca %s %zu\n", s, strlen(s));
    long total = 0;
    for (int k = 1; k < 50; k++) {
        int tmp[k];
        for (int i = 0; i < k; i++) tmp[i] = k - i;
        total += tmp[k / 2];
    }
    printf("loop %ld\n", total);
    return 0;
}
