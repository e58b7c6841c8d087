/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

size_t strcspn(const char *s, const char *c)
{
	const char *a = s, *p;
	for (; *s; s++) {
		for (p = c; *p && *p != *s; p++);
		if (*p) break;
	}
	return s - a;
}
