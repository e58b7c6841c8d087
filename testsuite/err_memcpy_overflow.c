// memcpy (the llvm.memcpy intrinsic) of more bytes than the heap destination holds.
// EXPECT: error ptr
// EXPECT-MESSAGE: memory error: out of bound pointer
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define OPAQUE(x) ({ __typeof__(x) volatile opaque_ = (x); opaque_; }) /* hides x from the optimizer */

struct rec { int id; char name[20]; double score; };

int main(void) {
    struct rec src = {7, "seven", 7.5};
    size_t n = OPAQUE(sizeof src);
    char *dst = malloc(n - 8);
    printf("copying %zu bytes\n", n);
    memcpy(dst, &src, n); // ERROR-LINE
    printf("%d\n", ((struct rec *)dst)->id);
    free(dst);
    return 0;
}
