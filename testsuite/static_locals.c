// Static local variables: counters, memoization tables, static pointers to static data.
// EXPECT: exit 0
// M32
#include <stdio.h>

static int counter(void) { static int n; return ++n; }
static long long fibm(int n) {
    static long long memo[90];
    if (n < 2) return n;
    if (memo[n]) return memo[n];
    return memo[n] = fibm(n - 1) + fibm(n - 2);
}
static const char *next_word(void) {
    static const char *words[] = {"a", "bb", "ccc"};
    static int i = 0;
    const char *w = words[i];
    i = (i + 1) % 3;
    return w;
}
static int *slot(void) { static int storage[4] = {1, 2, 3, 4}; static int *p = storage; return p++; }

int main(void) {
    for (int i = 0; i < 5; i++) counter();
    printf("counter %d\n", counter());
    printf("fib 80 %lld fib 50 %lld\n", fibm(80), fibm(50));
    for (int i = 0; i < 7; i++) printf("%s ", next_word());
    printf("\n");
    int s = 0;
    for (int i = 0; i < 4; i++) s = s * 10 + *slot();
    printf("slots %d\n", s);
    return 0;
}
