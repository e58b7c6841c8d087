/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

char *__stpcpy(char *restrict d, const char *restrict s)
{
	for (; (*d = *s); s++, d++);
	return d;
}

weak_alias(__stpcpy, stpcpy);
