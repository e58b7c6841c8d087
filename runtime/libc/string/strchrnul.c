/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

char *__strchrnul(const char *s, int c)
{
	c = (unsigned char)c;
	for (; *s && *(unsigned char *)s != c; s++);
	return (char *)s;
}

weak_alias(__strchrnul, strchrnul);
