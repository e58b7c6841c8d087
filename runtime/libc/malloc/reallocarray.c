/* reallocarray (BSD, glibc 2.26, musl 1.2.2): musl's version lives in src/malloc, which the
 * library leaves out (the executor provides the malloc family), so it is here; coreutils'
 * gnulib calls it (wc, ...). */
#define _BSD_SOURCE
#include <errno.h>
#include <stdlib.h>

void *reallocarray(void *ptr, size_t m, size_t n)
{
	if (n && m > -1 / n) {
		errno = ENOMEM;
		return 0;
	}
	return realloc(ptr, m * n);
}
