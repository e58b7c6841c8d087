// Large structs passed and returned by value (byval / sret), small structs (coerced to registers).
// EXPECT: exit 0
// M32
#include <stdio.h>

struct big { int a[20]; double d; char tag[9]; };
struct small { int x, y; };
struct mixed { float f; int i; };
struct dbl2 { double a, b; };
struct odd { char c[3]; };

static struct big make_big(int seed) {
    struct big b;
    for (int i = 0; i < 20; i++) b.a[i] = seed * i - 7;
    b.d = seed / 4.0;
    for (int i = 0; i < 8; i++) b.tag[i] = (char)('a' + (seed + i) % 26);
    b.tag[8] = 0;
    return b;
}
static long sum_big(struct big b) {
    long s = 0;
    for (int i = 0; i < 20; i++) s += b.a[i];
    b.a[0] = 12345; /* modifies the callee's copy only */
    return s + (long)(b.d * 100);
}
static struct big twice(struct big b) { for (int i = 0; i < 20; i++) b.a[i] *= 2; b.d *= 2; return b; }
static struct small swap(struct small s) { struct small r = {s.y, s.x}; return r; }
static struct mixed mk(float f, int i) { struct mixed m = {f * 2, i + 1}; return m; }
static struct dbl2 addd(struct dbl2 p, struct dbl2 q) { struct dbl2 r = {p.a + q.a, p.b + q.b}; return r; }
static struct odd inc(struct odd o) { for (int i = 0; i < 3; i++) o.c[i]++; return o; }
static int many(struct small a, struct big b, struct small c, int d, struct dbl2 e) {
    return a.x + b.a[19] + c.y + d + (int)e.b;
}

int main(void) {
    struct big b = make_big(5);
    printf("%s %d %d %.2f\n", b.tag, b.a[0], b.a[19], b.d);
    printf("sum %ld a0 %d\n", sum_big(b), b.a[0]);
    struct big c = twice(twice(b));
    printf("twice %d %.2f sum %ld\n", c.a[19], c.d, sum_big(c));
    struct small s = swap((struct small){3, 4});
    printf("swap %d %d\n", s.x, s.y);
    struct mixed m = mk(1.25f, 9);
    printf("mixed %.2f %d\n", m.f, m.i);
    struct dbl2 d = addd((struct dbl2){1.5, 2.5}, (struct dbl2){10, 20});
    printf("dbl2 %.1f %.1f\n", d.a, d.b);
    struct odd o = inc((struct odd){{'a', 'b', 'c'}});
    printf("odd %c%c%c\n", o.c[0], o.c[1], o.c[2]);
    printf("many %d\n", many(s, c, (struct small){7, 8}, 100, d));
    struct big arr[3];
    for (int i = 0; i < 3; i++) arr[i] = make_big(i + 1);
    long t = 0;
    for (int i = 0; i < 3; i++) t += sum_big(arr[i]);
    printf("arr %ld\n", t);
    return 0;
}
