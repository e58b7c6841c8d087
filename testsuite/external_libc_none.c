// With --libc=none, a C library function is the host's, called natively (KLEE's external
// call): its output is the program's.
// LIBC: none
// EXPECT: exit 0
int puts(const char *);

int main(void) {
    int r = puts("no libc");
    return r > 0 ? 0 : 1;
}
