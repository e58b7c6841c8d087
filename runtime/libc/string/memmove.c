/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>
#include <stdint.h>

void *memmove(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;
	if (d == s) return d;
	if ((uintptr_t)d < (uintptr_t)s) {
		for (; n; n--) *d++ = *s++;
	} else {
		while (n) { n--; d[n] = s[n]; }
	}
	return dest;
}
