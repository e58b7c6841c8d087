/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

void *memset(void *dest, int c, size_t n)
{
	unsigned char *s = dest;
	for (; n; n--) *s++ = (unsigned char)c;
	return dest;
}
