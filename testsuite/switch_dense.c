// Dense switch (jump table) over int and char, with default.
// EXPECT: exit 0
// M32
#include <stdio.h>

static const char *name(int d) {
    switch (d) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    case 5: return "five";
    case 6: return "six";
    case 7: return "seven";
    case 8: return "eight";
    case 9: return "nine";
    default: return "other";
    }
}

static int weight(char c) {
    switch (c) {
    case 'a': return 1; case 'b': return 3; case 'c': return 3; case 'd': return 2;
    case 'e': return 1; case 'f': return 4; case 'g': return 2; case 'h': return 4;
    case 'i': return 1; case 'j': return 8; case 'k': return 5; case 'l': return 1;
    case 'm': return 3; case 'n': return 1; case 'o': return 1; case 'p': return 3;
    default: return 0;
    }
}

int main(void) {
    for (int i = -2; i < 13; i++) printf("%d=%s\n", i, name(i));
    const char *w = "jackdaws love my big sphinx of quartz";
    int total = 0;
    for (const char *p = w; *p; p++) total += weight(*p);
    printf("score %d\n", total);
    return 0;
}
