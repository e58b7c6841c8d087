// ctype.h over all characters 0..255 (and EOF): is* classes, toupper, tolower.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <ctype.h>

int main(void) {
    unsigned long h = 5381;
    for (int c = -1; c < 256; c++) {
        int bits = (!!isalpha(c)) | (!!isdigit(c)) << 1 | (!!isspace(c)) << 2 | (!!isupper(c)) << 3 |
                   (!!islower(c)) << 4 | (!!isalnum(c)) << 5 | (!!ispunct(c)) << 6 | (!!isprint(c)) << 7 |
                   (!!iscntrl(c)) << 8 | (!!isxdigit(c)) << 9 | (!!isgraph(c)) << 10 | (!!isblank(c)) << 11;
        int up = toupper(c), lo = tolower(c);
        if (c >= 32 && c < 127) printf("%c:%03x%c%c ", c, bits, up, lo);
        else if (bits || up != c || lo != c) printf("[%d:%03x %d %d] ", c, bits, up, lo);
        h = h * 33 + (unsigned long)(bits * 7 + up * 3 + lo);
        if (c % 16 == 15) printf("\n");
    }
    printf("\nhash %lu\n", h % 1000000007ul);
    const char *s = "Hello, World! 123 \t\nxyz";
    int counts[4] = {0};
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        counts[0] += !!isalpha(c); counts[1] += !!isdigit(c); counts[2] += !!isspace(c); counts[3] += !!ispunct(c);
    }
    printf("alpha %d digit %d space %d punct %d\n", counts[0], counts[1], counts[2], counts[3]);
    return 0;
}
