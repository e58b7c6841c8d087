/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#define _BSD_SOURCE
#include <string.h>

size_t strlcpy(char *d, const char *s, size_t n)
{
	char *d0 = d;
	if (!n--) goto finish;
	for (; n && (*d = *s); n--, s++, d++);
	*d = 0;
finish:
	return d - d0 + strlen(s);
}
