/* trex: byte-at-a-time replacement for musl's word-at-a-time version, so that
 * operations on symbolic bytes stay small expressions. */
#define _GNU_SOURCE
#include <string.h>

void *memmem(const void *h0, size_t k, const void *n0, size_t l)
{
	const unsigned char *h = h0, *n = n0;
	size_t i, j;
	if (!l) return (void *)h;
	if (k < l) return 0;
	for (i = 0; i <= k - l; i++) {
		for (j = 0; j < l && h[i+j] == n[j]; j++);
		if (j == l) return (void *)(h + i);
	}
	return 0;
}
