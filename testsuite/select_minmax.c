// Select-heavy code: min/max/abs/clamp/sign, branchless tricks, on several widths.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdint.h>

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int iabs(int a) { return a < 0 ? -a : a; }
static inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline int sign(long long v) { return (v > 0) - (v < 0); }
static inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }

static volatile int data[] = {5, -3, 100, -200, 0, 77, -77, 12, 2147483647, -2147483647};

int main(void) {
    int n = sizeof data / sizeof data[0];
    int mn = data[0], mx = data[0];
    long long sabs = 0;
    unsigned um = 0xFFFFFFFFu;
    for (int i = 0; i < n; i++) {
        int x = data[i];
        mn = imin(mn, x); mx = imax(mx, x); sabs += iabs(x); um = umin(um, (unsigned)x);
        printf("%d: clamp %d sign %d abs %d\n", x, clamp(x, -50, 50), sign(x), iabs(x));
    }
    printf("min %d max %d sumabs %lld umin %u\n", mn, mx, sabs, um);
    double d = -1e300;
    for (int i = 0; i < n; i++) d = dmax(d, data[i] * 0.5);
    printf("dmax %.1f\n", d);
    int16_t h[8] = {300, -300, 32767, -32768, 1, -1, 0, 99};
    int16_t hm = 0;
    for (int i = 0; i < 8; i++) hm = h[i] > hm ? h[i] : hm;
    printf("hmax %d\n", hm);
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++) bytes[i] = (unsigned char)(i * 37 + 11);
    unsigned char bmin = 255;
    for (int i = 0; i < 16; i++) bmin = bytes[i] < bmin ? bytes[i] : bmin;
    printf("bmin %u\n", bmin);
    return 0;
}
