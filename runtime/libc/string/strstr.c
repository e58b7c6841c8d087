/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#include <string.h>

char *strstr(const char *h, const char *n)
{
	size_t i;
	if (!*n) return (char *)h;
	for (; *h; h++) {
		for (i = 0; n[i] && h[i] == n[i]; i++);
		if (!n[i]) return (char *)h;
	}
	return 0;
}
