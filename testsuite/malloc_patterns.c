// malloc/calloc/realloc/free patterns: growing buffers, calloc zeroing, realloc keeps contents,
// many small allocations, realloc(NULL), free(NULL), zero-size requests.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int cap = 1, len = 0;
    int *v = malloc(sizeof *v * cap);
    for (int i = 0; i < 1000; i++) {
        if (len == cap) { cap *= 2; v = realloc(v, sizeof *v * cap); }
        v[len++] = i * 3;
    }
    long s = 0;
    for (int i = 0; i < len; i++) s += v[i];
    printf("grown to %d, sum %ld, v[999]=%d\n", cap, s, v[999]);
    v = realloc(v, sizeof *v * 10);
    printf("shrunk %d %d\n", v[0], v[9]);
    free(v);
    unsigned char *z = calloc(100, 4);
    int nz = 0;
    for (int i = 0; i < 400; i++) nz += z[i] != 0;
    printf("calloc nonzero %d\n", nz);
    free(z);
    char *ptrs[64];
    for (int i = 0; i < 64; i++) {
        ptrs[i] = malloc((size_t)i + 1);
        memset(ptrs[i], 'a' + i % 26, (size_t)i);
        ptrs[i][i] = 0;
    }
    for (int i = 0; i < 64; i += 2) { free(ptrs[i]); ptrs[i] = NULL; }
    size_t total = 0;
    for (int i = 0; i < 64; i++) if (ptrs[i]) total += strlen(ptrs[i]);
    printf("odd total %zu %s\n", total, ptrs[5]);
    for (int i = 1; i < 64; i += 2) free(ptrs[i]);
    char *r = realloc(NULL, 16);
    strcpy(r, "from null");
    printf("%s\n", r);
    free(r);
    free(NULL);
    double *d = malloc(3 * sizeof *d);
    d[0] = 1.5; d[1] = 2.5; d[2] = 3.5;
    d = realloc(d, 6 * sizeof *d);
    for (int i = 3; i < 6; i++) d[i] = d[i - 3] * 2;
    printf("d %.1f %.1f\n", d[2], d[5]);
    free(d);
    return 0;
}
