// A lot of output (well beyond one stdio buffer), mixing printf, puts and putchar, so that
// buffering and flushing through the write system call are exercised.
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(void) {
    unsigned long h = 0;
    for (int i = 0; i < 3000; i++) {
        h = h * 31 + (unsigned long)i;
        if (i % 3 == 0) printf("line %5d hash %010lu %s\n", i, h % 10000000000ul, i % 2 ? "odd" : "even");
        else if (i % 3 == 1) puts("a line written by puts, a bit longer than the others to vary sizes .........");
        else { for (int k = 0; k < i % 50; k++) putchar('a' + k % 26); putchar('\n'); }
    }
    return 0;
}
