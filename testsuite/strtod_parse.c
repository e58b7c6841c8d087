// strtod/strtof/atof parsing: decimal and exponent forms, hex floats, inf/nan words, endptr,
// halfway cases needing correct rounding, overflow/underflow with errno.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <math.h>

int main(void) {
    const char *in[] = {"0", "-0", "1.5", "  -2.25e-3xyz", "3.14159265358979323846", "1e308", "1e309", "-1e309",
                        "4.9e-324", "1e-400", "0x1.8p3", "0X10", "inf", "-Infinity", "nan", "  .5", "5.", "e5", "",
                        "9007199254740993", "2.2250738585072011e-308", "1.7976931348623158e308", "123456789012345678901234567890"};
    for (unsigned i = 0; i < sizeof in / sizeof in[0]; i++) {
        char *end;
        errno = 0;
        double d = strtod(in[i], &end);
        int e = errno;
        if (isnan(d)) printf("[%s] nan end+%td\n", in[i], end - in[i]);
        else printf("[%s] %.17g end+%td%s\n", in[i], d, end - in[i], e == ERANGE && (d == 0 || isinf(d)) ? " ERANGE" : "");
        errno = 0;
        float f = strtof(in[i], NULL);
        if (!isnan(f)) printf("   f %.9g%s\n", f, errno == ERANGE && (f == 0 || isinf(f)) ? " ERANGE" : "");
    }
    printf("atof %.3f %.3f\n", atof("12.3456"), atof("-0.0005e3"));
    return 0;
}
