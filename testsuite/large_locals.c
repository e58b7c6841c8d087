// Large objects: a 256 KiB local array, a 4 MiB heap block, a 1 MiB zero-initialized global;
// touched sparsely and densely.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char zeros[1 << 20];

__attribute__((noinline)) static unsigned long stack_work(int k) {
    unsigned int local[65536];
    for (int i = 0; i < 65536; i++) local[i] = (unsigned)(i * k) ^ 0x5A5A5A5Au;
    unsigned long s = 0;
    for (int i = 0; i < 65536; i += 97) s += local[i];
    return s;
}

int main(void) {
    printf("stack %lu %lu\n", stack_work(3), stack_work(7));
    size_t big = 4u << 20;
    unsigned char *h = malloc(big);
    memset(h, 0x11, big);
    for (size_t i = 0; i < big; i += 4096) h[i] = (unsigned char)(i >> 12);
    unsigned long s = 0;
    for (size_t i = 0; i < big; i += 1021) s += h[i];
    printf("heap %lu last %u\n", s, h[big - 1]);
    free(h);
    unsigned long z = 0;
    for (size_t i = 0; i < sizeof zeros; i += 513) z += zeros[i];
    zeros[sizeof zeros - 1] = 9;
    printf("global %lu %u\n", z, zeros[sizeof zeros - 1]);
    return 0;
}
