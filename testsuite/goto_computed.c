// goto, and computed goto (&&label, indirectbr) for a tiny register-machine interpreter.
// EXPECT: exit 0
// M32
#include <stdio.h>

enum { SETA, SETN, MULAN, ADDAN, DECN, JNZN, PRINTA, HALT };

static long long run(const int *code) {
    static void *const tbl[] = {&&seta, &&setn, &&mulan, &&addan, &&decn, &&jnzn, &&printa, &&halt};
    long long a = 0, n = 0;
    int pc = 0;
#define NEXT goto *tbl[code[pc++]]
    NEXT;
seta: a = code[pc++]; NEXT;
setn: n = code[pc++]; NEXT;
mulan: a *= n; NEXT;
addan: a += n; NEXT;
decn: n--; NEXT;
jnzn: { int t = code[pc++]; if (n) pc = t; } NEXT;
printa: printf("a=%lld n=%lld\n", a, n); NEXT;
halt: return a;
}

int main(void) {
    const int fact[] = {SETA, 1, SETN, 15, /*4*/ MULAN, DECN, PRINTA, JNZN, 4, HALT};
    const int tri[] = {SETA, 0, SETN, 100, /*4*/ ADDAN, DECN, JNZN, 4, PRINTA, HALT};
    printf("fact %lld\n", run(fact));
    printf("tri %lld\n", run(tri));
    int i = 0, acc = 0;
again:
    acc += i * i;
    if (++i < 10) goto again;
    printf("goto acc %d\n", acc);
    for (int x = 0; x < 10; x++)
        for (int y = 0; y < 10; y++)
            if (x * y == 42) { printf("found %d %d\n", x, y); goto done; }
done:
    return 0;
}
