// Reading the element before the start of a heap array (index -1), in a search loop.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
#include <stdio.h>
#include <stdlib.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

static int find_last_below(const int *v, int n, int limit) {
    int i = n - 1;
    while (v[i] >= limit) // ERROR-LINE
        i--;
    return i;
}

int main(void) {
    int n = OPAQUE(6);
    int *v = malloc(sizeof *v * (size_t)n);
    for (int i = 0; i < n; i++) v[i] = 10 + i;
    printf("%d\n", find_last_below(v, n, 13));
    printf("%d\n", find_last_below(v, n, 0));
    free(v);
    return 0;
}
