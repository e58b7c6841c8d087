// Recursion: fib, ackermann (small), mutual recursion, hanoi, gcd, deep-ish recursion.
// EXPECT: exit 0
// M32
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static unsigned ack(unsigned m, unsigned n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int moves;
static void hanoi(int n, int from, int to, int via) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (n == 4) printf("move disk 4 %d->%d\n", from, to);
    hanoi(n - 1, via, to, from);
}
static long gcd(long a, long b) { return b ? gcd(b, a % b) : a; }
static int depth(int n) { volatile int pad[4] = {n, n, n, n}; return n == 0 ? pad[0] : 1 + depth(n - 1) + pad[3] * 0; }

int main(void) {
    for (int i = 0; i < 20; i += 3) printf("fib(%d)=%d\n", i, fib(i));
    printf("ack(2,3)=%u ack(3,3)=%u\n", ack(2, 3), ack(3, 3));
    printf("even(77)=%d odd(77)=%d\n", is_even(77), is_odd(77));
    hanoi(7, 1, 3, 2);
    printf("hanoi moves %d\n", moves);
    printf("gcd %ld %ld\n", gcd(1071, 462), gcd(832040, 514229));
    printf("depth %d\n", depth(3000));
    return 0;
}
