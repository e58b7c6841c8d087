/* trex: musl calls its own allocator internally as __libc_malloc,
 * __libc_calloc, __libc_realloc, __libc_free (defined in src/malloc/, which
 * is not built). Forward them to the malloc family that the trex executor
 * provides, so every allocation is an executor-tracked heap object. */
#include <stdlib.h>

void *__libc_malloc(size_t n)
{
	return malloc(n);
}

void *__libc_calloc(size_t m, size_t n)
{
	return calloc(m, n);
}

void *__libc_realloc(void *p, size_t n)
{
	return realloc(p, n);
}

void __libc_free(void *p)
{
	free(p);
}
