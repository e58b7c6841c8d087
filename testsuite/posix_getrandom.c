// getrandom (sort -R's seed): the requested number of bytes, not all equal; bad flags EINVAL.
// EXPECT: exit 0
// M32
#include <errno.h>
#include <stdio.h>
#include <sys/random.h>

int main(void) {
    unsigned char b[64] = {0};
    ssize_t n = getrandom(b, sizeof b, 0);
    int distinct = 0;
    for (int i = 1; i < 64; i++)
        distinct += b[i] != b[0];
    printf("got %zd bytes, not all equal: %d\n", n, distinct > 0);
    printf("nonblocking: %zd\n", getrandom(b, 8, GRND_NONBLOCK));
    errno = 0;
    printf("bad flags: %zd EINVAL %d\n", getrandom(b, 8, 0x100), errno == EINVAL);
    return 0;
}
