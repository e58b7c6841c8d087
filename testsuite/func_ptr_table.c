// Function pointers: tables of them, passing them as arguments, returning them, in structs.
// EXPECT: exit 0
// M32
#include <stdio.h>

typedef int (*binop)(int, int);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int max(int a, int b) { return a > b ? a : b; }
static const binop ops[] = {add, sub, mul, max};
static const char *const names[] = {"add", "sub", "mul", "max"};

static int fold(binop f, const int *v, int n, int init) {
    for (int i = 0; i < n; i++) init = f(init, v[i]);
    return init;
}
static binop pick(const char *s) {
    for (int i = 0; i < 4; i++) {
        const char *a = s, *b = names[i];
        while (*a && *a == *b) a++, b++;
        if (*a == 0 && *b == 0) return ops[i];
    }
    return 0;
}

struct shape { const char *name; double (*area)(const double *); double dims[2]; };
static double rect(const double *d) { return d[0] * d[1]; }
static double tri(const double *d) { return d[0] * d[1] / 2; }
static double sq(const double *d) { return d[0] * d[0]; }

static void (*handlers[3])(int);
static int total;
static void h0(int x) { total += x; }
static void h1(int x) { total *= x; }
static void h2(int x) { total -= x; }

int main(void) {
    int v[] = {3, 9, -4, 7, 2};
    for (int i = 0; i < 4; i++) printf("%s -> %d\n", names[i], fold(ops[i], v, 5, 1));
    printf("pick mul %d, pick nope %d\n", pick("mul")(6, 7), pick("nope") == 0);
    struct shape shapes[] = {{"rect", rect, {3, 4}}, {"tri", tri, {3, 4}}, {"sq", sq, {2.5, 0}}};
    for (int i = 0; i < 3; i++) printf("%s %.2f\n", shapes[i].name, shapes[i].area(shapes[i].dims));
    handlers[0] = h0; handlers[1] = h1; handlers[2] = h2;
    for (int i = 0; i < 12; i++) handlers[i % 3](i + 1);
    printf("total %d\n", total);
    int (*fp)(int, int) = &add;
    printf("deref %d %d\n", (*fp)(2, 3), fp == add);
    return 0;
}
