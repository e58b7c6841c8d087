/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

char *__stpncpy(char *restrict d, const char *restrict s, size_t n)
{
	for (; n && (*d = *s); n--, s++, d++);
	memset(d, 0, n);
	return d;
}

weak_alias(__stpncpy, stpncpy);
