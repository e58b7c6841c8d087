// memcpy, memmove (overlapping both directions), memset, memcmp, on arrays of several types.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <string.h>

static int sgn(int x) { return (x > 0) - (x < 0); }
static void dump(const char *t, const unsigned char *p, int n) {
    printf("%s:", t);
    for (int i = 0; i < n; i++) printf(" %u", p[i]);
    printf("\n");
}

int main(void) {
    unsigned char a[32];
    for (int i = 0; i < 32; i++) a[i] = (unsigned char)i;
    memmove(a + 4, a, 16);
    dump("fwd", a, 24);
    for (int i = 0; i < 32; i++) a[i] = (unsigned char)i;
    memmove(a, a + 5, 20);
    dump("back", a, 24);
    memset(a, 0xAB, 7);
    memset(a + 20, 0, 12);
    dump("set", a, 32);
    int x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8];
    memcpy(y, x, sizeof x);
    y[5] = -1;
    printf("memcmp %d %d %d\n", sgn(memcmp(x, y, sizeof x)), sgn(memcmp(y, x, 20)), memcmp(x, y, 0));
    struct { double d; long l; char s[5]; } s1 = {2.5, -3, "abc"}, s2;
    memset(&s2, 0, sizeof s2);
    memcpy(&s2, &s1, sizeof s1);
    printf("struct %.1f %ld %s\n", s2.d, s2.l, s2.s);
    char str[40] = "0123456789";
    memmove(str + 3, str, strlen(str) + 1);
    printf("%s\n", str);
    memmove(str, str + 5, strlen(str + 5) + 1);
    printf("%s\n", str);
    unsigned char big1[300], big2[300];
    for (int i = 0; i < 300; i++) big1[i] = (unsigned char)(i * 7);
    memcpy(big2, big1, 300);
    big2[299] ^= 1;
    printf("big %d %d\n", sgn(memcmp(big1, big2, 300)), memcmp(big1, big2, 299));
    char hi = (char)0xF0, lo = 0x10;
    printf("sign %d\n", sgn(memcmp(&hi, &lo, 1)));
    return 0;
}
