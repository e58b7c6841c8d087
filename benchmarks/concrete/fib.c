// Benchmark: naive recursive Fibonacci (call-heavy); prints the result.
// usage: fib [N]
#include <stdio.h>
#include <stdlib.h>

static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(int argc, char **argv) {
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 30;
    printf("fib(%u) = %u\n", n, fib(n));
    return 0;
}
