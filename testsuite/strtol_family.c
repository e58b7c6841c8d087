// strtol/strtoul/strtoll/strtoull with bases 0, 2, 8, 10, 16, 36, endptr, errno on overflow;
// atoi/atol/atoll.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <limits.h>

static void t(const char *s, int base) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, base);
    int e1 = errno;
    errno = 0;
    unsigned long u = strtoul(s, NULL, base);
    int e2 = errno;
    errno = 0;
    long long ll = strtoll(s, NULL, base);
    int e3 = errno;
    printf("[%s] b%d: %ld end+%td %s | %lu %s | %lld %s\n", s, base, v, end - s, e1 == ERANGE ? "ERANGE" : "ok",
           u, e2 == ERANGE ? "ERANGE" : "ok", ll, e3 == ERANGE ? "ERANGE" : "ok");
}

int main(void) {
    t("12345", 10); t("  -42xyz", 10); t("+17", 0); t("0x1F", 0); t("0x1F", 16); t("1F", 16);
    t("0755", 0); t("0755", 8); t("101101", 2); t("zz", 36); t("Zebra", 36); t("", 10); t("abc", 10);
    t("-", 10); t("0x", 16); t("9999999999999999999999", 10); t("-9999999999999999999999", 10);
    t("2147483648", 10); t("-2147483649", 10); t("4294967296", 10); t("-1", 10); t("   \t\n 77", 10);
    char *end;
    unsigned long long x = strtoull("18446744073709551615", &end, 10);
    printf("ull %llu %d\n", x, *end);
    errno = 0;
    x = strtoull("18446744073709551616", NULL, 10);
    printf("ull overflow %llu %d\n", x, errno == ERANGE);
    printf("atoi %d %d %d\n", atoi("123abc"), atoi("  -99"), atoi("x"));
    printf("atol %ld atoll %lld\n", atol("-2000000000"), atoll("9000000000000000000"));
    return 0;
}
