// Loops the -O2 vectorizer turns into vector instructions: sums, min/max reductions, copies,
// element-wise ops over int/short/char/float arrays, with odd lengths (remainder loops).
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

#define N 1003
static int a[N], b[N], c[N];
static int16_t h[N];
static uint8_t u8[N], v8[N];
static float fa[N], fb[N];

__attribute__((noinline)) static long sum(const int *x, int n) { long s = 0; for (int i = 0; i < n; i++) s += x[i]; return s; }
__attribute__((noinline)) static int vmax(const int *x, int n) { int m = x[0]; for (int i = 1; i < n; i++) m = x[i] > m ? x[i] : m; return m; }
__attribute__((noinline)) static int vmin(const int *x, int n) { int m = x[0]; for (int i = 1; i < n; i++) m = x[i] < m ? x[i] : m; return m; }
__attribute__((noinline)) static void copy(int *restrict d, const int *restrict s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }
__attribute__((noinline)) static void saxpy(float *restrict y, const float *restrict x, float k, int n) { for (int i = 0; i < n; i++) y[i] += k * x[i]; }

int main(void) {
    for (int i = 0; i < N; i++) {
        a[i] = (i * 7919) % 1000 - 500;
        b[i] = i ^ 0x55;
        h[i] = (int16_t)(i * 131);
        u8[i] = (uint8_t)(i * 13);
        fa[i] = (float)i * 0.5f;
        fb[i] = 1.0f;
    }
    printf("sum %ld max %d min %d\n", sum(a, N), vmax(a, N), vmin(a, N));
    for (int i = 0; i < N; i++) c[i] = a[i] * b[i] + (a[i] >> 2) - (b[i] & 7);
    printf("c sum %ld\n", sum(c, N));
    copy(c, a, N);
    printf("copy %d %ld\n", c[N - 1], sum(c, N));
    long hs = 0;
    for (int i = 0; i < N; i++) hs += h[i];
    printf("short sum %ld\n", hs);
    for (int i = 0; i < N; i++) v8[i] = (uint8_t)(u8[i] + 200);
    unsigned x = 0;
    for (int i = 0; i < N; i++) x += v8[i];
    printf("u8 sum %u\n", x);
    unsigned sat = 0;
    for (int i = 0; i < N; i++) { unsigned s = (unsigned)u8[i] + v8[i]; sat += s > 255 ? 255 : s; }
    printf("sat %u\n", sat);
    saxpy(fb, fa, 2.0f, N);
    double fs = 0;
    for (int i = 0; i < N; i++) fs += fb[i];
    printf("saxpy %.1f\n", fs);
    int cnt = 0;
    for (int i = 0; i < N; i++) cnt += a[i] > 0;
    printf("positive %d\n", cnt);
    unsigned long long dot = 0;
    for (int i = 0; i < N; i++) dot += (unsigned long long)(unsigned)a[i] * (unsigned)b[i];
    printf("dot %llu\n", dot);
    return 0;
}
