// printf integer conversions with widths, precisions, flags: %d %i %u %x %X %o %5d %-5d %05d %+d
// % d %#x %#o %*d %-*d %.*d %%.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <limits.h>

int main(void) {
    int vals[] = {0, 1, -1, 42, -42, 255, 65535, 123456789, INT_MAX, INT_MIN};
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        int v = vals[i];
        printf("[%d] [%i] [%u] [%x] [%X] [%o]\n", v, v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v);
        printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%#x] [%#o] [%#X]\n", v, v, v, v, v, (unsigned)v, (unsigned)v, (unsigned)v);
        printf("[%.3d] [%8.3d] [%-8.3d|] [%+.0d] [%.0d]\n", v, v, v, v, v);
        printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", 7, v, 7, v, 4, v, 9, 5, v);
    }
    printf("[%*d] negative width means left-justify\n", -6, 12);
    printf("100%% [%%]\n");
    printf("[%c%c%c] [%3c] [%-3c]\n", 'a', 66, '0' + 7, 'x', 'y');
    printf("[%hd] [%hu] [%hhd] [%hhu] [%hx]\n", (short)-5, (unsigned short)65535, (signed char)-128, (unsigned char)255, (short)-1);
    printf("[%08.3d] [%-08d] [%+05d] [% 05d]\n", 5, 5, 5, 5);
    int n = 0;
    printf("count%n test\n", &n);
    printf("n=%d\n", n);
    int r = printf("%s %d\n", "return value", 12345);
    printf("printf returned %d\n", r);
    return 0;
}
