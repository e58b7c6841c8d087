// sigsetjmp/siglongjmp (with and without saving the signal mask) across frames, and a jump
// from a function called through a pointer.
// EXPECT: exit 3
// M32
#include <setjmp.h>
#include <stdio.h>

static sigjmp_buf env;

static void fail(const char *why, int code) {
    printf("fail: %s\n", why);
    siglongjmp(env, code);
}

static int parse_digit(char c, void (*on_error)(const char *, int)) {
    if (c < '0' || c > '9')
        on_error("not a digit", c);
    return c - '0';
}

static int parse(const char *s, int savemask) {
    volatile int total = 0;
    int c = sigsetjmp(env, savemask);
    if (c != 0) {
        printf("stopped at '%c' after %d\n", c, total);
        return -total;
    }
    for (; *s; s++)
        total = total * 10 + parse_digit(*s, fail);
    return total;
}

int main(void) {
    printf("%d\n", parse("123", 1));
    printf("%d\n", parse("45x6", 0));
    printf("%d\n", parse("7?", 1));
    return 3;
}
