// sscanf (glibc headers name it __isoc99_sscanf) with %d %u %x %s %c %f %lf %[...] %n and return
// counts, including partial matches.
// EXPECT: exit 0
// M32
#include <stdio.h>

int main(void) {
    int a = -1, b = -1, n = -1;
    unsigned u = 0, x = 0;
    char word[16] = "", set[16] = "";
    char c = 0;
    float f = 0;
    double d = 0;
    int r = sscanf("42 -17 3000000000 ff", "%d %d %u %x", &a, &b, &u, &x);
    printf("r=%d a=%d b=%d u=%u x=%x\n", r, a, b, u, x);
    r = sscanf("name: trex  v=1.5 w=-2.25e3", "name: %15s v=%f w=%lf", word, &f, &d);
    printf("r=%d word=%s f=%.2f d=%.2f\n", r, word, f, d);
    r = sscanf("abc123def", "%[a-z]%d%n", set, &a, &n);
    printf("r=%d set=%s a=%d n=%d\n", r, set, a, n);
    r = sscanf("  Z", " %c", &c);
    printf("r=%d c=%c\n", r, c);
    r = sscanf("12 abc", "%d %d", &a, &b);
    printf("partial r=%d a=%d\n", r, a);
    r = sscanf("", "%d", &a);
    printf("empty r=%d\n", r);
    long long ll = 0;
    r = sscanf("-9000000000000", "%lld", &ll);
    printf("r=%d ll=%lld\n", r, ll);
    int h, m, s;
    r = sscanf("12:34:56", "%d:%d:%d", &h, &m, &s);
    printf("time r=%d %02d-%02d-%02d\n", r, h, m, s);
    return 0;
}
