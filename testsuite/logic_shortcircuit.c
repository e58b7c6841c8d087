// Short-circuit && and ||, the comma operator, ternaries with side effects, _Bool conversions,
// enums.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdbool.h>

static int calls;
static int t(int v) { calls++; return v; }
enum color { RED, GREEN = 5, BLUE, LAST = 100 };

int main(void) {
    int r = t(0) && t(1);
    printf("%d calls %d\n", r, calls);
    r = t(1) || t(0);
    printf("%d calls %d\n", r, calls);
    r = (t(1) && t(2)) || t(3);
    printf("%d calls %d\n", r, calls);
    r = t(0) ? t(10) : (t(20), t(30));
    printf("%d calls %d\n", r, calls);
    bool b1 = 5, b2 = 0.1, b3 = (void *)0, b4 = -0.0;
    printf("bools %d %d %d %d size %zu\n", b1, b2, b3, b4, sizeof(bool));
    bool acc = false;
    for (int i = 0; i < 5; i++) acc ^= (i & 1);
    printf("acc %d %d\n", acc, acc + acc);
    enum color c = BLUE;
    printf("enum %d %d %d %d\n", RED, GREEN, c, LAST - c);
    int x = 0;
    for (int i = 0; i < 20; i++) if (i % 3 == 0 || (i % 5 == 0 && i > 0) || !(i & 7)) x += i;
    printf("x %d\n", x);
    return 0;
}
