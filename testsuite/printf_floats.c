// printf of doubles: %f %.2f %e %E %g %G %10.4f %-12.3e %+f % f %#g %.0f %.0e %a-free;
// rounding of halfway cases, large and small magnitudes, negative zero, infinities.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <math.h>

int main(void) {
    double v[] = {0.0, -0.0, 1.0, -1.5, 3.14159265358979, 2.5, 0.125, 1e-5, 123456789.0, 1e21, 1.7976931348623157e308,
                  4.9e-324, 2.2250738585072014e-308, 0.1, 1.0 / 3.0, -2.0 / 3.0, 1e100, 99.995, 0.5, 1.5, 1234.5678};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        double d = v[i];
        printf("%f|%.2f|%e|%E|%g|%G\n", d, d, d, d, d, d);
        printf("  %10.4f|%-12.3e|%+f|% f|%#g|%.0f|%.0e|%.10g|%g\n", d, d, d, d, d, d, d, d, d * 1e10);
    }
    printf("%f %f %e %g\n", INFINITY, -INFINITY, HUGE_VAL, -HUGE_VAL);
    printf("%5.1f|%-8.2f|%08.3f|%+08.2f\n", 2.25, 2.35, -3.14159, 2.675);
    printf("%.20f\n%.17g\n%.30e\n", 0.1, 0.1, 1.0 / 7);
    for (int i = 0; i < 10; i++) printf("%.1f ", i + 0.05);
    printf("\n");
    float f = 1.1f;
    printf("float %f %.10f %g\n", f, f, f);
    return 0;
}
