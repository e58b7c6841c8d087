/* trex: musl's version uses an empty inline asm as a compiler barrier;
 * a volatile byte loop has the same effect without asm. */
#define _BSD_SOURCE
#include <string.h>

void explicit_bzero(void *d, size_t n)
{
	volatile unsigned char *s = d;
	for (; n; n--) *s++ = 0;
}
