// exit() with a status from deep inside nested calls; buffered stdout must still be flushed.
// EXPECT: exit 42
// M32
#include <stdio.h>
#include <stdlib.h>

static void level3(int x) {
    printf("level3 %d\n", x);
    if (x > 2) exit(40 + x - 1);
    printf("not reached\n");
}
static void level2(int x) { printf("level2\n"); level3(x + 1); printf("not reached either\n"); }
static int level1(int x) { level2(x + 1); return 7; }

int main(void) {
    printf("start\n");
    int r = level1(1);
    printf("returned %d\n", r);
    return 0;
}
