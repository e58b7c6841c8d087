// With --libc=none, a C library function is an undefined external.
// LIBC: none
// EXPECT: error external
// EXPECT-MESSAGE: failed external call: puts
int puts(const char *);

int main(void) {
    int r = puts("no libc"); // ERROR-LINE
    return r > 0 ? 0 : 1;
}
