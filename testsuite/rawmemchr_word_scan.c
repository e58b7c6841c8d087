// A word-at-a-time rawmemchr as gnulib's (compiled into coreutils on musl): its last aligned
// word read may extend past the buffer holding the byte (wc -l on a full buffer); trex answers
// such calls without reporting the harmless read, other calls run the definition.
// EXPECT: exit 0
// M32
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void *rawmemchr(const void *s, int c);

/* Not inlined: in coreutils it is in another file (gnulib's lib/), so always a call. */
__attribute__((noinline)) void *rawmemchr(const void *s, int c) {
    const unsigned char *p = s;
    unsigned char ch = (unsigned char)c;
    for (; (uintptr_t)p % sizeof(unsigned long) != 0; p++)
        if (*p == ch)
            return (void *)p;
    unsigned long ones = (unsigned long)-1 / 0xff;
    unsigned long rep = ones * ch;
    const unsigned long *w = (const unsigned long *)p;
    for (;;) {
        unsigned long x = *w ^ rep;
        if (((x - ones) & ~x & (ones << 7)) != 0)
            break;
        w++;
    }
    for (p = (const unsigned char *)w; *p != ch; p++)
        ;
    return (void *)p;
}

/* Its own object, of a size that is not a multiple of the word size. */
static char data[61];

static int count_lines(char *buf, int n) {
    int lines = 0;
    buf[n] = '\n'; /* sentinel */
    char *end = buf + n;
    for (char *p = buf; (p = rawmemchr(p, '\n')) < end; p++)
        lines++;
    return lines;
}

int main(void) {
    for (int n = 0; n <= 60; n += 7) {
        memset(data, 'x', sizeof data);
        for (int i = 3; i < n; i += 5)
            data[i] = '\n';
        printf("n=%d lines=%d\n", n, count_lines(data, n));
    }
    /* The sentinel in the last byte: the word holding it ends past the array. */
    memset(data, 'y', sizeof data);
    data[9] = '\n';
    printf("lines=%d\n", count_lines(data, 60));
    char *q = rawmemchr(data, 'y');
    printf("first y at %d\n", (int)(q - data));
    return 0;
}
