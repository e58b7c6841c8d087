// Without the C library (--libc=none): pure computation, the result is the exit status.
// LIBC: none
// EXPECT: exit 55
// M32
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int table[16];

int main(void) {
    for (int i = 0; i < 16; i++) table[i] = fib(i);
    int s = 0;
    for (int i = 0; i < 16; i++) s += table[i] % 7;
    return table[10] + (s - s);
}
