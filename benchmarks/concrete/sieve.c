// Benchmark: sieve of Eratosthenes, repeated; prints the prime count and a checksum.
// usage: sieve [N] [REPS]
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 2;
    char *composite = malloc((size_t)n + 1);
    unsigned long checksum = 0;
    int count = 0;
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i <= n; i++) composite[i] = 0;
        count = 0;
        for (int i = 2; i <= n; i++) {
            if (composite[i]) continue;
            count++;
            checksum = checksum * 31 + (unsigned long)i;
            for (long j = (long)i * i; j <= n; j += i) composite[j] = 1;
        }
    }
    printf("primes up to %d: %d, checksum %lu\n", n, count, checksum % 1000000007ul);
    free(composite);
    return 0;
}
