// Hand-written sorts: quicksort (recursive), merge sort (with a heap buffer), heap sort,
// insertion sort; all must agree.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 500
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static void quick(int *v, int lo, int hi) {
    if (lo >= hi) return;
    int p = v[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (v[i] < p) i++;
        while (v[j] > p) j--;
        if (i <= j) swap(&v[i++], &v[j--]);
    }
    quick(v, lo, j);
    quick(v, i, hi);
}
static void merge(int *v, int *tmp, int n) {
    if (n < 2) return;
    int h = n / 2;
    merge(v, tmp, h);
    merge(v + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = v[i] <= v[j] ? v[i++] : v[j++];
    while (i < h) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    memcpy(v, tmp, sizeof *v * (size_t)n);
}
static void sift(int *v, int i, int n) {
    for (;;) {
        int l = 2 * i + 1, m = i;
        if (l < n && v[l] > v[m]) m = l;
        if (l + 1 < n && v[l + 1] > v[m]) m = l + 1;
        if (m == i) return;
        swap(&v[i], &v[m]);
        i = m;
    }
}
static void heap(int *v, int n) {
    for (int i = n / 2 - 1; i >= 0; i--) sift(v, i, n);
    for (int e = n - 1; e > 0; e--) { swap(&v[0], &v[e]); sift(v, 0, e); }
}
static void insertion(int *v, int n) {
    for (int i = 1; i < n; i++) { int k = v[i], j = i - 1; while (j >= 0 && v[j] > k) { v[j + 1] = v[j]; j--; } v[j + 1] = k; }
}

int main(void) {
    int src[N], a[N], b[N], c[N], d[N];
    unsigned s = 2024;
    for (int i = 0; i < N; i++) { s = s * 1103515245u + 12345u; src[i] = (int)((s >> 8) % 2000) - 1000; }
    memcpy(a, src, sizeof src); memcpy(b, src, sizeof src); memcpy(c, src, sizeof src); memcpy(d, src, sizeof src);
    quick(a, 0, N - 1);
    int *tmp = malloc(sizeof tmp[0] * N);
    merge(b, tmp, N);
    free(tmp);
    heap(c, N);
    insertion(d, N);
    printf("agree %d %d %d\n", !memcmp(a, b, sizeof a), !memcmp(a, c, sizeof a), !memcmp(a, d, sizeof a));
    long w = 0;
    for (int i = 0; i < N; i++) w += (long)a[i] * (i + 1);
    printf("min %d max %d median %d weighted %ld\n", a[0], a[N - 1], a[N / 2], w);
    return 0;
}
