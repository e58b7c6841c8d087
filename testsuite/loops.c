// for / while / do-while loops with break, continue, nested loops and early exits.
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(void) {
    int s = 0;
    for (int i = 0; i < 100; i++) {
        if (i % 3 == 0) continue;
        if (i > 90) break;
        s += i;
    }
    printf("for %d\n", s);
    unsigned n = 27, steps = 0;
    while (n != 1) { n = (n & 1) ? 3 * n + 1 : n / 2; steps++; }
    printf("collatz %u\n", steps);
    int k = 10;
    do { k -= 3; } while (k > 0);
    printf("do %d\n", k);
    int found = -1;
    for (int a = 1; a < 50 && found < 0; a++)
        for (int b = a; b < 50; b++) {
            int c2 = a * a + b * b, c = 1;
            while (c * c < c2) c++;
            if (c * c == c2 && a + b + c == 40) { found = a * 10000 + b * 100 + c; break; }
        }
    printf("triple %d\n", found);
    long long prod = 1;
    for (int i = 1, j = 20; i < j; i++, j--) prod = prod * (j - i) % 1000000007;
    printf("prod %lld\n", prod);
    int count = 0;
    for (;;) { if (++count == 17) break; }
    printf("count %d\n", count);
    for (unsigned char c = 250; c != 4; c++) printf("%u ", c);
    printf("\n");
    return 0;
}
