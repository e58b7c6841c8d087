// Without the C library: structs, globals with relocations, function pointers, a switch; the
// exit status encodes the checks (each failing check adds a distinct bit).
// LIBC: none
// EXPECT: exit 0
// M32
struct op { const char *name; int (*f)(int, int); };
static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }
static const struct op ops[] = {{"add", add}, {"mul", mul}};
static const char *const strs[] = {"xy", "zzz"};
static int slen(const char *s) { int n = 0; while (s[n]) n++; return n; }

int main(void) {
    int fail = 0;
    if (ops[0].f(2, 3) != 5) fail |= 1;
    if (ops[1].f(4, 5) != 20) fail |= 2;
    if (slen(ops[1].name) + slen(strs[1]) != 6) fail |= 4;
    long long big = 1;
    for (int i = 0; i < 39; i++) big *= 3;
    if (big % 1000 != 267) fail |= 8;
    unsigned char c = 250;
    c += 10;
    if (c != 4) fail |= 16;
    switch (fail) { case 0: return 0; default: return 100 + fail; }
}
