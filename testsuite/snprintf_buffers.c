// sprintf/snprintf into buffers: truncation, return values (would-be length), size 0, building
// strings piecewise, vsnprintf through a wrapper.
// EXPECT: exit 0
// M32
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static int fmt(char *buf, size_t n, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    int r = vsnprintf(buf, n, f, ap);
    va_end(ap);
    return r;
}

int main(void) {
    char buf[32];
    int r = sprintf(buf, "%d-%s-%.2f", 42, "abc", 2.0 / 3);
    printf("sprintf %d [%s]\n", r, buf);
    memset(buf, '#', sizeof buf);
    r = snprintf(buf, 8, "%s", "truncated string");
    printf("snprintf %d [%s] after %c\n", r, buf, buf[9]);
    r = snprintf(NULL, 0, "%05d|%x", 77, 0xbeef);
    printf("size only %d\n", r);
    r = snprintf(buf, 1, "abc");
    printf("size 1: %d [%s]\n", r, buf);
    char line[256];
    size_t len = 0;
    for (int i = 0; i < 20; i++) len += (size_t)snprintf(line + len, sizeof line - len, "%d,", i * i);
    printf("built %zu [%s]\n", len, line);
    r = fmt(buf, sizeof buf, "%s=%ld;%c", "key", -123456789L, 'z');
    printf("vsnprintf %d [%s]\n", r, buf);
    r = fmt(buf, 5, "%d", 123456789);
    printf("vsnprintf trunc %d [%s]\n", r, buf);
    char big[64];
    snprintf(big, sizeof big, "%-10s|%10s|%c", "left", "right", 'x');
    printf("[%s] %zu\n", big, strlen(big));
    return 0;
}
