/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

size_t strlen(const char *s)
{
	const char *a = s;
	for (; *s; s++);
	return s - a;
}
